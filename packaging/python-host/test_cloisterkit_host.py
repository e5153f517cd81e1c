#!/usr/bin/env python3
"""Tests of the Python example host against the shipped module (unittest).

    python3 test_cloisterkit_host.py --module PATH/cloisterkit_expansions.so --schemas GENERATED_DIR
                                     [--abi2-module PATH] [unittest options]

CTest runs it (packaging/python-host/CMakeLists.txt) with the module it
built, the flatc --python output of schemas/ and the ABI tests' module for
ABI major 2.
"""
import argparse
import io
import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

import cloisterkit_host as ck  # noqa: E402

ARGS = None  # set in __main__
LB = "cloisterkit.little-buildings"
HF = "cloisterkit.halflings"
ABBOT = "cloisterkit.abbot"


def setUpModule():
    global FB, MODULE
    FB = ck.load_schemas(ARGS.schemas)
    MODULE = ck.PluginModule(ARGS.module, FB, max_log_level=ck.CK_LOG_OFF)


def tearDownModule():
    MODULE.close()


def kinds_dealt(effects, players):
    """[{kind: count}] per player from GiveTokens effects."""
    dealt = [{} for _ in range(players)]
    for name, e in effects:
        if name == "GiveTokens":
            dealt[e["player"]][e["kind"]] = dealt[e["player"]].get(e["kind"], 0) + e["count"]
    return dealt


class HeaderAndLayout(unittest.TestCase):
    """The ctypes declarations are plugin.h's."""

    def test_constants_equal_the_header(self):
        with open(os.path.join(SOURCE, "abi", "cloisterkit", "plugin.h")) as f:
            header = f.read()
        defines = dict(re.findall(r"^#define (CK_[A-Z0-9_]+) \(?(-?\d+|0x[0-9A-Fa-f]+)\)?\s", header, re.M))
        defines.update(re.findall(r"^#define (CK_MAX_BUFFER_SIZE) \(\(size_t\)(0x[0-9A-Fa-f]+)\)", header, re.M))
        defines.update(re.findall(r'^#define (CK_PLUGIN_ENTRY_SYMBOL) "(\w+)"', header, re.M))
        checked = 0
        for name, value in defines.items():
            if name.startswith(("CK_E_EXPANSION",)):
                continue
            self.assertTrue(hasattr(ck, name), "cloisterkit_host lacks %s" % name)
            expected = value if name == "CK_PLUGIN_ENTRY_SYMBOL" else int(value, 0)
            self.assertEqual(getattr(ck, name), expected, name)
            checked += 1
        self.assertGreater(checked, 35)
        hooks = re.findall(r"^#define CK_HOOK_(\w+) (\d+)", header, re.M)
        for name, value in hooks:
            if name != "COUNT":
                self.assertEqual(ck.HOOK_NAMES[int(value)], name)

    def test_layout_equals_the_pins(self):
        self.assertEqual(ck.layout_problems(), [])
        with open(os.path.join(SOURCE, "tests", "abi", "layout_pins.c")) as f:
            pins = f.read()
        by_c_name = {"ck_bytes": ck.CkBytes, "ck_buffer": ck.CkBuffer, "ck_error": ck.CkError,
                     "ck_host_info": ck.CkHostInfo, "ck_expansion_desc": ck.CkExpansionDesc,
                     "ck_plugin_api": ck.CkPluginApi, "ck_negotiate_in": ck.CkNegotiateIn,
                     "ck_negotiate_out": ck.CkNegotiateOut}
        fields = {}
        for struct, name, offset in re.findall(r"^PIN\((\w+), (\w+), (\d+)\);", pins, re.M):
            fields.setdefault(struct, []).append((name, int(offset)))
        sizes = {s: eval(v, {"CK_ERROR_MESSAGE_CAPACITY": ck.CK_ERROR_MESSAGE_CAPACITY})
                 for s, v in re.findall(r"^PIN_SIZE\((\w+), ([^)]+)\);", pins, re.M)}
        self.assertEqual(set(fields), set(by_c_name), "every pinned struct is declared")
        for c_name, cls in by_c_name.items():
            self.assertEqual(ck.LAYOUT_PINS[cls], (sizes[c_name], fields[c_name]), c_name)
            self.assertEqual(len(cls._fields_), len(fields[c_name]), c_name)


class Negotiation(unittest.TestCase):
    def test_versions_and_names(self):
        self.assertEqual(MODULE.name, "cloisterkit-expansions")
        self.assertRegex(MODULE.version, r"^\d+\.\d+\.\d+$")
        self.assertEqual(MODULE.abi_minor, ck.CK_ABI_MINOR)
        self.assertEqual(MODULE.schema_revision, ck.CK_SCHEMA_REVISION)

    def test_no_extension_interfaces_in_abi_1(self):
        self.assertIsNone(MODULE.get_extension("cloisterkit.something/1"))

    def test_status_names_come_from_the_module(self):
        for status, name in ck.STATUS_NAMES.items():
            self.assertEqual(MODULE.status_name(status), name)

    def test_a_host_of_release_1_1_still_loads_the_module(self):
        # The shipped module serves revisions 4..5: a host that knows 4 at
        # most (release 1.1.0) never sees revision 5's declared hand play and
        # plays hand tiles through the hooks, which the module still answers.
        class HostOfRelease11(ck.PluginModule):
            SCHEMA_REVISIONS = (3, 4)
        with HostOfRelease11(ARGS.module, FB) as older:
            self.assertEqual(older.schema_revision, 4)
        class HostOfRelease10(ck.PluginModule):
            SCHEMA_REVISIONS = (3, 3)
        with self.assertRaises(ck.ModuleLoadError) as cm:
            HostOfRelease10(ARGS.module, FB)
        self.assertIn("provides 4..%d" % ck.CK_SCHEMA_REVISION, str(cm.exception))

    def test_no_common_schema_revision_is_a_clear_error(self):
        class FutureHost(ck.PluginModule):
            SCHEMA_REVISIONS = (99, 99)
        with self.assertRaises(ck.ModuleLoadError) as cm:
            FutureHost(ARGS.module, FB)
        text = str(cm.exception)
        self.assertIn("CK_E_VERSION_MISMATCH", text)
        self.assertIn("schema revision", text)
        self.assertIn("99", text)

    def test_an_empty_minor_range_is_an_invalid_argument(self):
        class BrokenHost(ck.PluginModule):
            ABI_MINORS = (1, 0)
        with self.assertRaises(ck.ModuleLoadError) as cm:
            BrokenHost(ARGS.module, FB)
        self.assertIn("CK_E_INVALID_ARGUMENT", str(cm.exception))


class NotAPlugin(unittest.TestCase):
    def test_missing_file(self):
        with self.assertRaises(ck.ModuleLoadError) as cm:
            ck.PluginModule(os.path.join(HERE, "no-such-module.so"), FB)
        self.assertIn("no such file", str(cm.exception))

    def test_a_text_file_is_not_loadable(self):
        with self.assertRaises(ck.ModuleLoadError) as cm:
            ck.PluginModule(os.path.abspath(__file__), FB)
        self.assertIn("dlopen failed", str(cm.exception))
        self.assertIn("test_cloisterkit_host.py", str(cm.exception))

    def test_a_shared_library_without_the_entry_point(self):
        import _ctypes
        library = getattr(_ctypes, "__file__", None)
        if not library:
            self.skipTest("_ctypes is built into this interpreter: no shared library at hand")
        with self.assertRaises(ck.ModuleLoadError) as cm:
            ck.PluginModule(library, FB)
        self.assertIn("not a cloisterkit plugin module: no ck_plugin_negotiate_v1", str(cm.exception))

    def test_an_expansion_with_tile_declarations_this_host_lacks_is_refused(self):
        if not ARGS.inns_cathedrals_module:
            self.skipTest("no --inns-cathedrals-module given")
        with self.assertRaises(ck.ModuleLoadError) as cm:
            ck.PluginModule(ARGS.inns_cathedrals_module, FB)
        self.assertIn("cloisterkit.inns-and-cathedrals declares deck tile sets and segment attributes (schema "
                      "revision 6 or later), which this example host does not implement", str(cm.exception))

    def test_an_expansion_with_the_movement_stage_is_refused(self):
        if not ARGS.princess_dragon_module:
            self.skipTest("no --princess-dragon-module given")
        with self.assertRaises(ck.ModuleLoadError) as cm:
            ck.PluginModule(ARGS.princess_dragon_module, FB)
        self.assertIn("cloisterkit.princess-and-dragon declares deck tile sets and segment attributes and neutral "
                      "figures and tile markers and held-back tiles (schema revision 6 or later), which this example "
                      "host does not implement", str(cm.exception))

    def test_a_module_for_another_abi_major(self):
        if not ARGS.abi2_module:
            self.skipTest("no --abi2-module given")
        with self.assertRaises(ck.ModuleLoadError) as cm:
            ck.PluginModule(ARGS.abi2_module, FB)
        self.assertIn("built for ABI major 2 (exports ck_plugin_negotiate_v2)", str(cm.exception))


class Manifests(unittest.TestCase):
    def test_the_three_expansions_and_their_hooks(self):
        ids = [e.id for e in MODULE.expansions]
        self.assertEqual(sorted(ids), sorted([LB, HF, ABBOT]))
        bits = lambda *hooks: sum(ck.CK_HOOK_BIT(h) for h in hooks)  # noqa: E731
        self.assertEqual(MODULE.expansion(LB).hooks, bits(ck.CK_HOOK_GAME_START, ck.CK_HOOK_BONUS_POINTS))
        self.assertEqual(MODULE.expansion(HF).hooks,
                         bits(ck.CK_HOOK_GAME_START, ck.CK_HOOK_TILE_STEP_OPTIONS, ck.CK_HOOK_FEATURE_SCORING,
                              ck.CK_HOOK_APPLY_TILE_STEP_OPTION))
        self.assertEqual(MODULE.expansion(ABBOT).hooks, 0)
        for e in MODULE.expansions:
            self.assertEqual(e.manifest["id"], e.id)
            self.assertEqual(e.manifest["hooks"], e.hooks)
            self.assertEqual(e.manifest["name"], e.name)
            self.assertEqual(e.manifest["version"], e.version)

    def test_little_buildings_declares_its_tokens_and_options(self):
        m = MODULE.expansion(LB).manifest
        self.assertEqual([(t["kind"], t["count"], t["instead_of_figure"]) for t in m["token_kinds"]],
                         [("LB_TOWER", 6, True), ("LB_HOUSE", 6, True), ("LB_SHED", 6, True)])
        options = {o["key"]: o for o in m["rule_options"]}
        self.assertEqual(options["littleBuildings.values"]["default"], "flat")
        self.assertEqual(options["littleBuildings.values"]["allowed"], ["flat", "321"])
        self.assertEqual(options["littleBuildings.split"]["default"], "rules")

    def test_halflings_presets_and_the_abbot_figure(self):
        presets = MODULE.expansion(HF).manifest["rule_presets"]
        self.assertIn(("halflings.featureCount", "tiles"),
                      next(p for p in presets if p["value"] == "2015")["sets"])
        abbot = MODULE.expansion(ABBOT).manifest["figure_kinds"]
        self.assertEqual([(k["id"], k["count"], k["returnable"]) for k in abbot], [("abbot", 1, True)])

    def test_rules_are_completed_from_presets_and_defaults(self):
        m = MODULE.expansion(HF).manifest
        rules = ck.complete_rules([m], {"halflings.ruleset": "2015", "halflings.handSize": "4"})
        self.assertEqual(rules["halflings.featureCount"], "tiles")  # set by the 2015 preset
        self.assertEqual(rules["halflings.handSize"], "4")           # explicit wins over the preset
        self.assertEqual(rules["halflings.setup"], "random")         # the default
        self.assertEqual(len(rules), len(m["rule_options"]))


class LittleBuildingsHooks(unittest.TestCase):
    def deal(self, players, rules=None):
        lb = MODULE.expansion(LB)
        game = ck.new_game(MODULE, [LB], players, rules)
        status, effects = MODULE.call_hook(lb.index, ck.CK_HOOK_GAME_START, game.state(FB),
                                           ck.game_start_request(FB, players, 42))
        self.assertEqual(status, ck.CK_OK)
        self.assertTrue(all(name == "GiveTokens" for name, _ in effects), effects)
        return kinds_dealt(effects, players)

    def test_game_start_two_players_deals_nine_buildings_each(self):
        # LB-4: floor(18 / 2) = 9 each; round robin over three kinds: 3 of each.
        for dealt in self.deal(2):
            self.assertEqual(dealt, {"LB_TOWER": 3, "LB_HOUSE": 3, "LB_SHED": 3})

    def test_game_start_four_players_gets_the_round_robin_mix(self):
        dealt = self.deal(4)
        as_lists = [[d.get(k, 0) for k in ("LB_TOWER", "LB_HOUSE", "LB_SHED")] for d in dealt]
        self.assertEqual(as_lists, [[2, 1, 1], [1, 2, 1], [1, 1, 2], [2, 1, 1]])

    def test_game_start_under_321_with_three_players(self):
        for dealt in self.deal(3, {"littleBuildings.values": "321"}):
            self.assertEqual(dealt, {"LB_TOWER": 2, "LB_HOUSE": 2, "LB_SHED": 2})

    def test_a_turn_offers_places_and_scores_a_building(self):
        out = io.StringIO()
        game = ck.demo_little_buildings(MODULE, 2, 42, out)
        text = out.getvalue()
        # LB-6: each kind in supply offered on the tile just placed, by the
        # host from the declaration; then LB-2: +1 on the road through it.
        self.assertIn("figure step, player 0, tile (1, 0): 3 declared placements, no hook call", text)
        self.assertIn("  place-token LB_TOWER at (1, 0): place a tower", text)
        self.assertIn("  place-token LB_SHED at (1, 0): place a shed", text)
        self.assertIn("AdjustFeaturePoints delta=1", text)
        self.assertEqual(game.tokens, [(1, 0, 0, "LB_TOWER", 0, 1)])
        self.assertEqual(game.stocks[(0, "LB_TOWER")], 2)
        self.assertTrue(game.figure_action_taken)

    def test_bonus_points_without_a_building_is_nothing_to_do(self):
        lb = MODULE.expansion(LB)
        game = ck.new_game(MODULE, [LB], 2)
        request = ck.bonus_points_request(FB, FB.FeatureKind.FeatureKind.City, [(5, 5, 0), (5, 6, 0)], 4, [1], "city")
        self.assertEqual(MODULE.call_hook(lb.index, ck.CK_HOOK_BONUS_POINTS, game.state(FB), request),
                         (ck.CK_NOTHING_TO_DO, []))

    def test_the_state_round_trips_through_the_generated_readers(self):
        game = ck.new_game(MODULE, [LB], 2)
        game.stocks[(1, "LB_SHED")] = 2
        data = game.state(FB)
        self.assertEqual(data[4:8], b"CKGS")
        state = FB.GameState.GameState.GetRootAs(data, 0)
        self.assertEqual(state.SchemaRevision(), ck.CK_SCHEMA_REVISION)
        setup = state.SetupNestedRoot()
        self.assertTrue(FB.GameSetup.GameSetup.GameSetupBufferHasIdentifier(
            data, state._tab.Vector(state._tab.Offset(6))))
        self.assertEqual([setup.Expansions(i) for i in range(setup.ExpansionsLength())], [LB.encode()])
        keys = [setup.Rules(i).Key() for i in range(setup.RulesLength())]
        self.assertEqual(keys, sorted(keys))
        self.assertEqual(state.PlayersLength(), 2)
        self.assertEqual(state.TokenStocks(0).Count(), 2)


class Refusals(unittest.TestCase):
    """Errors come back as status codes with a message, never as a crash."""

    def call(self, state, request, hook=ck.CK_HOOK_GAME_START, expansion=None):
        index = MODULE.expansion(LB).index if expansion is None else expansion
        with self.assertRaises(ck.StatusError) as cm:
            MODULE.call_hook(index, hook, state, request)
        self.assertEqual(MODULE.buffers_outstanding, 0)
        return cm.exception

    def good_state(self):
        return ck.new_game(MODULE, [LB], 2).state(FB)

    def test_a_garbage_state_is_a_bad_buffer(self):
        e = self.call(b"this is not a GameState, just bytes" * 3, ck.game_start_request(FB, 2, 1))
        self.assertEqual(e.status, ck.CK_E_BAD_BUFFER)
        self.assertEqual(e.status_name, "CK_E_BAD_BUFFER")
        self.assertIn("state", e.message)
        self.assertIn("CK_E_BAD_BUFFER", str(e))

    def test_a_bit_flipped_state_is_refused_or_answered_never_a_crash(self):
        good = self.good_state()
        request = ck.game_start_request(FB, 2, 1)
        refused = 0
        for i in range(0, len(good)):
            broken = bytearray(good)
            broken[i] ^= 0xFF
            try:
                MODULE.call_hook(MODULE.expansion(LB).index, ck.CK_HOOK_GAME_START, bytes(broken), request)
            except ck.StatusError as e:
                self.assertLess(e.status, 0)
                self.assertTrue(e.message)
                refused += 1
        self.assertGreater(refused, 0)
        self.assertEqual(MODULE.buffers_outstanding, 0)

    def test_an_empty_state(self):
        e = self.call(b"", ck.game_start_request(FB, 2, 1))
        self.assertEqual(e.status, ck.CK_E_BAD_BUFFER)

    def test_a_request_for_another_hook(self):
        e = self.call(self.good_state(), ck.game_start_request(FB, 2, 1), hook=ck.CK_HOOK_BONUS_POINTS)
        self.assertEqual(e.status, ck.CK_E_BAD_BUFFER)
        self.assertIn("hook", e.message)

    def test_a_hook_the_expansion_does_not_implement(self):
        e = self.call(self.good_state(), ck.game_start_request(FB, 2, 1), hook=ck.CK_HOOK_TILE_STEP_OPTIONS)
        self.assertEqual(e.status, ck.CK_E_UNSUPPORTED_HOOK)

    def test_an_expansion_index_out_of_range(self):
        e = self.call(self.good_state(), ck.game_start_request(FB, 2, 1), expansion=99)
        self.assertEqual(e.status, ck.CK_E_NO_SUCH_EXPANSION)

    def test_an_expansion_exception_is_an_internal_error_with_its_text(self):
        # GAME_START for 4 players on a 3-player state: the expansion throws.
        state = ck.new_game(MODULE, [LB], 3).state(FB)
        e = self.call(state, ck.game_start_request(FB, 4, 1))
        self.assertEqual(e.status, ck.CK_E_INTERNAL)
        self.assertIn("4 players", e.message)

    def test_a_malformed_response_is_a_response_error(self):
        for data in (b"", b"12345678", b"\xff\xff\xff\x7fCKRS", b"\x08\x00\x00\x00CKMF\x00\x00\x00\x00"):
            with self.assertRaises(ck.ResponseError):
                ck.decode_response(FB, data)


    def test_a_revision_4_tile_step_offer_is_decoded(self):
        # OfferTileStepOptions (schema revision 4): one action and label
        # template for several tile types, as Halflings answers TILE_STEP_OPTIONS.
        import flatbuffers
        o, e, r = FB.OfferTileStepOptions, FB.EffectEntry, FB.HookResponse
        b = flatbuffers.Builder(256)
        action, label = b.CreateString("play-halfling"), b.CreateString("play halfling {tile}")
        o.OfferTileStepOptionsStartTileTypesVector(b, 2)
        for t in (9, 4):  # prepended: the vector reads 4, 9
            b.PrependUint16(t)
        types = b.EndVector()
        o.OfferTileStepOptionsStart(b)
        o.OfferTileStepOptionsAddAction(b, action)
        o.OfferTileStepOptionsAddLabel(b, label)
        o.OfferTileStepOptionsAddTileTypes(b, types)
        offer = o.OfferTileStepOptionsEnd(b)
        e.EffectEntryStart(b)
        e.EffectEntryAddEffectType(b, FB.Effect.Effect.OfferTileStepOptions)
        e.EffectEntryAddEffect(b, offer)
        entry = e.EffectEntryEnd(b)
        r.HookResponseStartEffectsVector(b, 1)
        b.PrependUOffsetTRelative(entry)
        entries = b.EndVector()
        r.HookResponseStart(b)
        r.HookResponseAddEffects(b, entries)
        b.Finish(r.HookResponseEnd(b), file_identifier=b"CKRS")
        self.assertEqual(ck.decode_response(FB, bytes(b.Output())),
                         [("OfferTileStepOptions", {"action": "play-halfling", "label": "play halfling {tile}",
                                                    "tile_types": [4, 9]})])
        self.assertIn("OfferTileStepOptions", ck.ALLOWED_EFFECTS[ck.CK_HOOK_TILE_STEP_OPTIONS])


class Buffers(unittest.TestCase):
    def test_every_buffer_is_released(self):
        released = MODULE.buffers_released
        MODULE.manifest_bytes(0)
        lb = MODULE.expansion(LB)
        MODULE.call_hook(lb.index, ck.CK_HOOK_GAME_START, ck.new_game(MODULE, [LB], 2).state(FB),
                         ck.game_start_request(FB, 2, 7))
        self.assertEqual(MODULE.buffers_outstanding, 0)
        self.assertGreaterEqual(MODULE.buffers_released, released + 2)

    def test_a_closed_module_refuses_calls(self):
        with ck.PluginModule(ARGS.module, FB) as m:
            self.assertEqual(len(m.expansions), 3)
        with self.assertRaises(ck.CloisterKitError):
            m.manifest_bytes(0)


class CommandLine(unittest.TestCase):
    def run_cli(self, *args):
        return subprocess.run([sys.executable, os.path.join(HERE, "cloisterkit_host.py")] + list(args),
                              capture_output=True, text=True, timeout=120)

    def test_prints_the_module_and_the_hook_calls(self):
        r = self.run_cli("--module", ARGS.module, "--schemas", ARGS.schemas)
        self.assertEqual(r.returncode, 0, r.stderr)
        for line in ("module:    cloisterkit-expansions", "ABI:       1.%d" % ck.CK_ABI_MINOR, "schema:    revision %d" % ck.CK_SCHEMA_REVISION,
                     "  cloisterkit.little-buildings: Little Buildings",
                     "    hooks:        GAME_START, BONUS_POINTS",
                     "    token kinds:  LB_TOWER (tower) x6, LB_HOUSE (house) x6, LB_SHED (shed) x6",
                     "      littleBuildings.values = flat (one of flat, 321)",
                     "  cloisterkit.halflings:", "  cloisterkit.abbot:",
                     "GAME_START, 2 players, seed 42: CK_OK, 6 effects",
                     "  GiveTokens player=1 kind=LB_SHED count=3"):
            self.assertIn(line, r.stdout)

    def test_a_bad_module_is_one_line_on_stderr(self):
        r = self.run_cli("--module", os.path.abspath(__file__), "--schemas", ARGS.schemas)
        self.assertEqual(r.returncode, 1)
        self.assertEqual(r.stdout, "")
        self.assertRegex(r.stderr, r"^cloisterkit_host: plugin module .*test_cloisterkit_host.py: dlopen failed")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--module", required=True)
    parser.add_argument("--schemas", required=True)
    parser.add_argument("--abi2-module")
    parser.add_argument("--inns-cathedrals-module")
    parser.add_argument("--princess-dragon-module")
    ARGS, rest = parser.parse_known_args()
    ARGS.module = os.path.abspath(ARGS.module)
    ARGS.schemas = os.path.abspath(ARGS.schemas)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)
