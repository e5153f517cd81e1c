/*
 * cloisterkit/plugin.h — the stable C ABI between a Carcassonne host engine
 * and a module of expansions (plugins).
 *
 * ABI version 1.3 (CK_ABI_MAJOR.CK_ABI_MINOR below), of release 1.4.0
 * (unreleased; 1.2 was released in 1.3.0).
 * The structs' layout is still that of ABI 1.0; docs/abi.md, "Struct
 * layouts", gives every offset and size for LP64 and Win64.
 *
 * This header is C99 and has no C++ types. It is small on purpose: all
 * game semantics travel as FlatBuffers bytes (the .fbs files in schemas/),
 * so this "C waist" can stay frozen while the schemas evolve.
 *
 * Stability rules (see docs/abi.md for the reasons):
 *   - Every struct starts with `struct_size`. Structs only ever grow at the
 *     end. A reader touches a field only when
 *     offsetof(field) + sizeof(field) <= struct_size.
 *   - Constants, status codes and hook ids are append-only; a value never
 *     changes meaning.
 *   - An incompatible change gets a new entry symbol (ck_plugin_negotiate_v2).
 *
 * Threading tags used below:
 *   [exclusive]   never called concurrently with any other call into the
 *                 same module (the host serialises these).
 *   [thread-safe] may be called from any thread, concurrently.
 *   [reentrant]   may be called concurrently on the same context.
 *   [any-thread]  may be called from a thread other than the creating one.
 */
#ifndef CLOISTERKIT_PLUGIN_H
#define CLOISTERKIT_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------- */
/* Versions                                                                */
/* ---------------------------------------------------------------------- */

/* The ABI major is also part of the entry symbol's name. */
#define CK_ABI_MAJOR 1
/* Minor versions add fields at the end of structs or new constants. */
#define CK_ABI_MINOR 3
/* Revision of the FlatBuffers schemas in schemas/ (see their headers).
 * 4 (release 1.1.0): the OfferTileStepOptions effect.
 * 5 (release 1.2.0): the manifest's declared hand play (HandPlayDecl).
 * 6 (release 1.3.0): typed rule options (RuleOptionDecl.value_type), the
 *   setup's tile contents (GameSetup.tile_segments, tile_shapes), declared
 *   segment attributes (ExpansionManifest.segment_attributes, reported in
 *   ScoredFeature.attributes) and deck tile sets (deck_tile_sets); the
 *   movement stage: neutral figures, tile markers, held-back tiles, the
 *   MovementPhase, the hooks TURN_START, FIGURE_STEP_END and
 *   APPLY_MOVEMENT_STEP and their effects.
 * 7 (release 1.4.0, unreleased): the turn protocol of docs/abi.md §17 as it
 *   is built; so far the manifest's start tiles (StartTileDecl) and deck
 *   tile sets that enable their expansion in a save
 *   (DeckTileSetDecl.enabled_by_save).
 * 8 (release 1.4.0, unreleased): decisions (OfferDecision, ApplyDecisionArgs,
 *   DecisionOption, Phase.DecisionPhase) and the hook APPLY_DECISION; the
 *   hook FEATURE_COMPLETED (FeatureCompletedArgs); the figure primitives
 *   PlaceFigure and MoveFigure.
 * 9 (release 1.4.0, unreleased): values of tile files' attributes the
 *   expansions declare (TileValueDecl; GameSetup.tile_values).
 * 10 (release 1.4.0, unreleased): a second tile step in one turn (the
 *   effect ExtraTurn; GameState.turn_part and extra_turn); figure kinds
 *   that join their owner's follower (FigureKindDecl.joins_own_follower);
 *   the tile's feature ids at TILE_PLACED (TilePlacedArgs.segment_features).
 * 11 (release 1.4.0, unreleased): rule options carried by JCloisterZone
 *   elements (RuleOptionDecl.jcz_element), figure counts set by a rule
 *   option (FigureKindDecl.count_rule), a field's completed cities and a
 *   feature's segments (ScoredFeature.cities, segments).
 * 12 (release 1.4.0, unreleased): JCloisterZone's tile groups drawn in
 *   turn (TileGroupDecl: the river first, its lake last) and edges of a
 *   kind of their own (EdgeKindDecl, GameSetup.edge_kinds and
 *   tile_edge_sides: the river). */
#define CK_SCHEMA_REVISION 12
/* The oldest revision a host of this ABI major serves. Revision 3 is the
 * first of the frozen shape: every later revision only appends, so a host
 * at revision N sends states a module built for any revision from
 * CK_SCHEMA_REVISION_MIN to N can read (fields it does not know are
 * invisible to it). A host offers CK_SCHEMA_REVISION_MIN..CK_SCHEMA_REVISION. */
#define CK_SCHEMA_REVISION_MIN 3

/* Largest buffer that may cross the ABI: 2^31 - 2, because the FlatBuffers
 * 2.0.8 verifier requires a length strictly below 2^31 - 1 (and asserts). */
#define CK_MAX_BUFFER_SIZE ((size_t)0x7FFFFFFE)

/* Capacity of ck_error.message, terminating NUL included. */
#define CK_ERROR_MESSAGE_CAPACITY 256

/* ---------------------------------------------------------------------- */
/* Status codes: 0 success, > 0 qualified success, < 0 error.             */
/* Never an enum type in signatures: enums have no fixed width in C.      */
/* ---------------------------------------------------------------------- */

typedef int32_t ck_status;

#define CK_OK 0
/* The hook ran and has no effect to report; `out` may be empty. */
#define CK_NOTHING_TO_DO 1

#define CK_E_INVALID_ARGUMENT (-1)  /* a NULL pointer, an index out of range */
#define CK_E_BAD_BUFFER (-2)        /* an input buffer failed verification   */
#define CK_E_UNSUPPORTED_HOOK (-3)  /* the hook's bit is not in `hooks`      */
#define CK_E_VERSION_MISMATCH (-4)  /* negotiation found no common version   */
#define CK_E_OUT_OF_MEMORY (-5)
#define CK_E_BUFFER_TOO_LARGE (-6)  /* an input is larger than CK_MAX_BUFFER_SIZE */
#define CK_E_INTERNAL (-7)          /* a bug inside the module (a caught exception) */
#define CK_E_NO_SUCH_EXPANSION (-8) /* expansion index out of range          */
/* ABI 1.2: the game's setup (its rule options, its number of players)
 * cannot be played. The user's choice, not a bug in the module: the message
 * says what is wrong and what to choose instead. A host older than ABI 1.2
 * sees an unknown error, with the same message. */
#define CK_E_SETUP_REFUSED (-9)
/* Codes -1000 to -1999 are reserved for expansion-specific errors. */
#define CK_E_EXPANSION_FIRST (-1999)
#define CK_E_EXPANSION_LAST (-1000)

#define CK_SUCCEEDED(status) ((status) >= 0)

/* ---------------------------------------------------------------------- */
/* Hooks. A hook id is also the bit index in ck_expansion_desc.hooks.      */
/* Append-only; bits are never reused. Hosts ignore bits they do not know. */
/* Request and response tables for each hook are in schemas/hooks.fbs.     */
/* ---------------------------------------------------------------------- */

typedef uint32_t ck_hook_id;

#define CK_HOOK_GAME_START 0          /* deal expansion supplies, set up models   */
#define CK_HOOK_TILE_STEP_OPTIONS 1   /* alternatives to drawing a tile           */
#define CK_HOOK_PLACEMENT_CHECK 2     /* veto candidate tile placements           */
#define CK_HOOK_TILE_PLACED 3         /* react to a tile placed on the board      */
#define CK_HOOK_FIGURE_OPTIONS 4      /* offer figure-step actions                */
#define CK_HOOK_APPLY_FIGURE_ACTION 5 /* apply the player's chosen action         */
#define CK_HOOK_FEATURE_SCORING 6     /* modify a feature's points (multipliers)  */
#define CK_HOOK_BONUS_POINTS 7        /* add points after all modifiers           */
#define CK_HOOK_TURN_END 8            /* end-of-turn bookkeeping                  */
#define CK_HOOK_GAME_END_CHECK 9      /* may end the game early                   */
#define CK_HOOK_FINAL_SCORING 10      /* extra final-scoring points               */
#define CK_HOOK_APPLY_TILE_STEP_OPTION 11 /* ABI 1.1: apply the tile-step option chosen */
/* ABI 1.2: the movement stage (docs/abi.md, "Neutral figures and movement") */
#define CK_HOOK_TURN_START 12         /* a turn begins (points at its start)      */
#define CK_HOOK_FIGURE_STEP_END 13    /* the figure step is over: may open a movement */
#define CK_HOOK_APPLY_MOVEMENT_STEP 14 /* apply a movement step a player chose    */
/* ABI 1.3 (release 1.4.0): decisions and completion (docs/abi.md, "Decisions") */
#define CK_HOOK_APPLY_DECISION 15     /* apply the option a player chose in a decision */
#define CK_HOOK_FEATURE_COMPLETED 16  /* a feature was completed, occupied or not */
#define CK_HOOK_FIGURE_STRENGTH 17    /* the strength of figures in a majority    */
#define CK_HOOK_COUNT 18              /* number of hooks known to this header     */

#define CK_HOOK_BIT(hook) ((uint64_t)1 << (hook))

/* ---------------------------------------------------------------------- */
/* Logging                                                                 */
/* ---------------------------------------------------------------------- */

#define CK_LOG_TRACE 0
#define CK_LOG_DEBUG 1
#define CK_LOG_INFO 2
#define CK_LOG_WARN 3
#define CK_LOG_ERROR 4
#define CK_LOG_CRITICAL 5
#define CK_LOG_OFF 6

/* ---------------------------------------------------------------------- */
/* Buffers and errors                                                      */
/* ---------------------------------------------------------------------- */

/* An input buffer, borrowed for the duration of one call only. The host
 * aligns `data` to at least 8 bytes. The module never keeps the pointer. */
typedef struct ck_bytes {
    const uint8_t* data;
    size_t size;
} ck_bytes;

/* An output buffer produced by the module. Ownership passes to the caller,
 * who must call `release(self)` exactly once (on any thread: [any-thread]).
 * `release` sets `data` and `release` to NULL. Calling the host's helper
 * pattern `if (b.release) b.release(&b);` on a zero-initialised buffer is
 * therefore always safe. Every buffer must be released before destroy(). */
typedef struct ck_buffer {
    uint32_t struct_size;
    const uint8_t* data;
    size_t size;
    void (*release)(struct ck_buffer* self);
    void* private_data; /* owned by the producer; the caller never reads it */
} ck_buffer;

/* Error details, in caller-owned memory: no allocation, no thread-local
 * "last error". May be NULL wherever it is accepted. The module writes a
 * NUL-terminated UTF-8 message (truncated to fit) and the status code. */
typedef struct ck_error {
    uint32_t struct_size;
    int32_t code;
    char message[CK_ERROR_MESSAGE_CAPACITY];
} ck_error;

/* ---------------------------------------------------------------------- */
/* What the host tells the module                                          */
/* ---------------------------------------------------------------------- */

/* Log callback. [thread-safe]: the host must accept calls from any thread.
 * `message` is UTF-8, not NUL-terminated, valid for the call only. It must
 * not throw or longjmp. Lifetime: create() copies ck_host_info (the struct
 * itself may go after the call) but keeps the `log` pointer and `host_data`,
 * and the module may call `log` from create() until destroy() has
 * returned, on any thread that calls into the context. A host must keep both alive that long: a garbage-
 * collected host (a Java FFM upcall stub, a Python ctypes CFUNCTYPE object,
 * a JavaScript callback) holds a reference to the callback and to what
 * `host_data` points to until destroy() returns. */
typedef void (*ck_log_fn)(void* host_data, int32_t level, const char* message, size_t length);

typedef struct ck_host_info {
    uint32_t struct_size;
    const char* host_name;    /* UTF-8, may be NULL; valid until destroy() */
    const char* host_version; /* UTF-8, may be NULL; valid until destroy() */
    void* host_data;          /* passed back to `log`; valid until destroy() */
    ck_log_fn log;            /* may be NULL: the module then logs nothing; callable until destroy() */
    int32_t max_log_level;    /* lowest level the host wants (CK_LOG_*); below it nothing is sent */
    /* ABI 1.3 (release 1.4.0): what the host implements of the turn
     * protocol (docs/abi.md, "Host capabilities"), as a NULL-terminated list
     * of "name/version" strings (CK_CAPABILITY_*). NULL, or a struct_size
     * that does not cover it (an older host), means none. A module that
     * needs one the host lacks fails create() with CK_E_VERSION_MISMATCH,
     * naming it. The list and its strings stay valid until destroy(). */
    const char* const* capabilities;
} ck_host_info;

/* Capabilities a host may list in ck_host_info.capabilities (ABI 1.3). A
 * host lists only what it implements in full, whatever the negotiated
 * schema revision lets it send. */
#define CK_CAPABILITY_DECISION "decision/1"                   /* OfferDecision, DecisionPhase, APPLY_DECISION */
#define CK_CAPABILITY_FIGURE_PRIMITIVES "figure-primitives/1" /* PlaceFigure, MoveFigure */
#define CK_CAPABILITY_FEATURE_COMPLETED "feature-completed/1" /* the hook FEATURE_COMPLETED */
#define CK_CAPABILITY_START_TILE "start-tile/1"               /* ExpansionManifest.start_tiles */
#define CK_CAPABILITY_TILE_VALUES "tile-values/1"             /* ExpansionManifest.tile_values */
#define CK_CAPABILITY_EXTRA_TURN "extra-turn/1"               /* ExtraTurn, turn parts */
#define CK_CAPABILITY_TILE_GROUPS "tile-groups/1"             /* ExpansionManifest.tile_groups */
#define CK_CAPABILITY_EDGE_KINDS "edge-kinds/1"               /* ExpansionManifest.edge_kinds */
#define CK_CAPABILITY_FIGURE_STRENGTH "figure-strength/1"     /* the hook FIGURE_STRENGTH */

/* ---------------------------------------------------------------------- */
/* What the module tells the host                                          */
/* ---------------------------------------------------------------------- */

/* One expansion in the module. Owned by the module, valid until destroy(). */
typedef struct ck_expansion_desc {
    uint32_t struct_size;
    const char* id;                /* stable forever, e.g. "cloisterkit.little-buildings" */
    const char* name;              /* human-readable, UTF-8 */
    const char* version;           /* semantic version "MAJOR.MINOR.PATCH" */
    uint64_t hooks;                /* CK_HOOK_BIT(...) of every hook implemented */
    const char* const* requires_ids; /* NULL-terminated list of expansion ids this one needs */
} ck_expansion_desc;

/* Opaque module context. It holds only immutable data (logger, tables), so
 * hooks are pure functions of (ctx, expansion, hook, state, request). */
typedef struct ck_plugin_ctx ck_plugin_ctx;

typedef struct ck_plugin_api {
    uint32_t struct_size;

    /* [exclusive] Create the module context. `host` is copied; its strings
     * must stay valid until destroy(). */
    ck_status (*create)(const ck_host_info* host, ck_plugin_ctx** out_ctx, ck_error* err);

    /* [exclusive] Free everything create() made. NULL is accepted. */
    void (*destroy)(ck_plugin_ctx* ctx);

    /* [thread-safe] Number of expansions in this module. */
    uint32_t (*expansion_count)(const ck_plugin_ctx* ctx);

    /* [thread-safe] Descriptor of expansion `index`, or NULL when out of range. */
    const ck_expansion_desc* (*expansion_at)(const ck_plugin_ctx* ctx, uint32_t index);

    /* [thread-safe] The expansion's manifest: a FlatBuffers buffer with root
     * `ExpansionManifest`, identifier "CKMF" (schemas/manifest.fbs): rule
     * options, token kinds, tile definitions, JCloisterZone names. */
    ck_status (*get_manifest)(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_buffer* out,
                              ck_error* err);

    /* [thread-safe, reentrant] Run one hook.
     *   state:   root `GameState`, identifier "CKGS" (schemas/game_state.fbs).
     *            The host may serialise it once and reuse it for many calls.
     *   request: root `HookRequest`, identifier "CKRQ" (schemas/hooks.fbs);
     *            its argument table must match `hook`.
     *   out:     on CK_OK, a `HookResponse` (identifier "CKRS") listing
     *            effects for the host to verify and apply. On any other
     *            status `out` is left empty.
     * Both inputs are untrusted and verified before use; a failed check
     * returns CK_E_BAD_BUFFER. Rule outcomes (an illegal placement) are
     * data in the response, never error codes. */
    ck_status (*call_hook)(const ck_plugin_ctx* ctx, uint32_t expansion_index, ck_hook_id hook,
                           ck_bytes state, ck_bytes request, ck_buffer* out, ck_error* err);

    /* [thread-safe] Optional extension interfaces looked up by a versioned
     * id such as "cloisterkit.something/1". NULL when unknown. */
    const void* (*get_extension)(const ck_plugin_ctx* ctx, const char* id);

    /* [thread-safe] A static, never-NULL name for a status ("CK_E_BAD_BUFFER"). */
    const char* (*status_name)(ck_status status);
} ck_plugin_api;

/* ---------------------------------------------------------------------- */
/* Negotiation: the one exported entry point                               */
/* ---------------------------------------------------------------------- */

typedef struct ck_negotiate_in {
    uint32_t struct_size;
    uint32_t abi_major;     /* must be 1 for this symbol */
    uint32_t abi_minor_min; /* ABI minors the host accepts, inclusive */
    uint32_t abi_minor_max;
    uint32_t schema_min;    /* schema revisions the host understands, inclusive */
    uint32_t schema_max;
} ck_negotiate_in;

typedef struct ck_negotiate_out {
    uint32_t struct_size;   /* set by the host to the capacity it provides */
    uint32_t abi_minor;     /* chosen by the module */
    uint32_t schema_revision; /* chosen by the module */
    const ck_plugin_api* api; /* static table, valid while the module is loaded */
    const char* module_name;    /* UTF-8, static */
    const char* module_version; /* "MAJOR.MINOR.PATCH", static */
} ck_negotiate_out;

/* The entry point's name for ABI major 1. A module built for a future
 * incompatible ABI exports ck_plugin_negotiate_v2 instead, so an old host
 * refuses it cleanly instead of misreading its structs. */
#define CK_PLUGIN_ENTRY_SYMBOL "ck_plugin_negotiate_v1"

/* [exclusive] Pick an ABI minor and a schema revision within the host's
 * ranges. On no overlap: CK_E_VERSION_MISMATCH, with a message in `err`
 * naming both sides' ranges. `out` is written only on success, and only up
 * to min(out->struct_size, sizeof(ck_negotiate_out)). */
typedef ck_status (*ck_plugin_negotiate_v1_fn)(const ck_negotiate_in* in, ck_negotiate_out* out,
                                               ck_error* err);

#if defined(_WIN32)
#define CK_PLUGIN_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define CK_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define CK_PLUGIN_EXPORT
#endif

CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out,
                                                  ck_error* err);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* CLOISTERKIT_PLUGIN_H */
