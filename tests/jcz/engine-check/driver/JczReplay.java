package cloisterkitcheck;

import com.google.gson.*;
import com.jcloisterzone.Player;
import com.jcloisterzone.action.*;
import com.jcloisterzone.game.state.PlacedTile;
import com.jcloisterzone.board.PlacementOption;
import com.jcloisterzone.board.Position;
import com.jcloisterzone.board.pointer.BoardPointer;
import com.jcloisterzone.board.pointer.FeaturePointer;
import com.jcloisterzone.board.pointer.MeeplePointer;
import com.jcloisterzone.engine.Engine;
import com.jcloisterzone.event.NeutralFigureMoved;
import com.jcloisterzone.event.PlayEvent;
import com.jcloisterzone.event.ScoreEvent;
import com.jcloisterzone.figure.BigFollower;
import com.jcloisterzone.figure.neutral.Dragon;
import com.jcloisterzone.game.GameSetup;
import com.jcloisterzone.game.GameStatePhaseReducer;
import com.jcloisterzone.game.capability.PortalCapability;
import com.jcloisterzone.game.phase.CommitActionPhase;
import com.jcloisterzone.game.phase.GameOverPhase;
import com.jcloisterzone.game.phase.Phase;
import com.jcloisterzone.game.phase.WagonPhase;
import com.jcloisterzone.game.state.GameState;
import com.jcloisterzone.game.state.GameStateBuilder;
import com.jcloisterzone.io.MessageParser;
import com.jcloisterzone.io.message.*;
import com.jcloisterzone.io.message.ReturnMeepleMessage.ReturnMeepleSource;

import java.io.*;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import java.util.stream.*;

/**
 * Replays a JCloisterZone saved game (.jcz) through JCloisterZone's own Java engine
 * and prints the final scores.
 *
 * Two independent paths are run on each file:
 *
 *  1. "engine": the engine's own entry point, com.jcloisterzone.engine.Engine#run, fed the
 *     exact stdin text the JCZ client (JCloisterZone-Client, src/renderer/store/game.js,
 *     handleStartMessage) writes when it opens a saved game: a "%load" line per tile XML,
 *     "%bulk on", the GAME_SETUP message, every replay message, "%bulk off". The scores are
 *     read from the state JSON the engine prints back (players[i].points).
 *
 *  2. "strict": the same loop as Engine#run (GameStateBuilder, GameStatePhaseReducer.apply),
 *     but before each message it checks that the message is one of the moves the engine
 *     itself offers at that point (the drawn tile, the placement, the meeple and feature,
 *     the abbot return, the little building, pass allowed, the sender is the active player).
 *     A meeple deployment must be in the offer for the named meeple's own class: the engine
 *     makes one MeepleAction per class (SmallFollower, BigFollower, Abbot, ...), and a big
 *     follower may stand where a small one may not (or the reverse: gardens).
 *     The engine checks most but not all of these (e.g. it accepts any ABBOT_RETURN of an
 *     own abbot, ActionPhase.handleReturnMeeple), so this is the stricter test.
 *     The Princess & the Dragon: a dragon step (MOVE_NEUTRAL_FIGURE dragon.1) must be a position
 *     of the engine's MoveDragonAction, sent by the player the engine asks to steer it; a fairy
 *     move (MOVE_NEUTRAL_FIGURE fairy.1) a MeeplePointer of its FairyNextToAction (the engine
 *     itself does not check it, ActionPhase.handleMoveNeutralFigure); a princess return a pointer
 *     of the ReturnMeepleAction with source PRINCESS; a placement through a magic portal (a
 *     DEPLOY_MEEPLE away from the tile just placed) an option of the MeepleAction as any other.
 *
 * Per game it also reports the dragon's moves as the engine saw them: "dragonPath" (every step,
 * in order, from the strict path's NeutralFigureMoved events), "dragonVolcanoes" (where a volcano
 * called it, the events without a player), "engineDragonMoves" (the engine path's own history
 * items "dragon-moved", per turn: the turn, the dragon's start and its steps), and the counts of
 * dragon steps, fairy moves, princess returns and portal placements the strict path accepted.
 *
 * Usage: java -ea -cp CP cloisterkitcheck.JczReplay [--tiles DIR] [--json] [--transcript DIR] FILE.jcz...
 */
public class JczReplay {

    // Default rule values of the client (JCloisterZone-Client src/renderer/models/rules.js);
    // game.js load() merges these under the file's own rules before starting the engine.
    static final LinkedHashMap<String, Object> DEFAULT_RULES = new LinkedHashMap<>();
    static {
        DEFAULT_RULES.put("princess-action", "may");
        DEFAULT_RULES.put("fairy-placement", "next-follower");
        DEFAULT_RULES.put("dragon-move", "before-scoring");
        DEFAULT_RULES.put("barn-placement", "not-occupied");
        DEFAULT_RULES.put("wagon-move", "C2");
        DEFAULT_RULES.put("bazaar-no-auction", false);
        DEFAULT_RULES.put("hill-tiebreaker", "at-least-one-follower");
        DEFAULT_RULES.put("espace-variant", "any-tile");
        DEFAULT_RULES.put("gq11-pig-herd", "pig");
        DEFAULT_RULES.put("tunnelize-other-expansions", true);
        DEFAULT_RULES.put("more-tunnel-tokens", "3/2");
        DEFAULT_RULES.put("festival-return", "meeple");
        DEFAULT_RULES.put("keep-monasteries", "replace");
        DEFAULT_RULES.put("labyrinth-variant", "advanced");
        DEFAULT_RULES.put("coc-final-scoring", "market-only");
        DEFAULT_RULES.put("count-move", "by-player");
        DEFAULT_RULES.put("little-buildings-scoring", "1/1/1");
        DEFAULT_RULES.put("king-and-robber-scoring", "default");
        DEFAULT_RULES.put("tiny-city-scoring", "4");
    }

    static final Gson GSON = new GsonBuilder().disableHtmlEscaping().create();

    public static void main(String[] args) throws Exception {
        String tilesDir = null, transcriptDir = null;
        boolean json = false;
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--tiles": tilesDir = args[++i]; break;
                case "--transcript": transcriptDir = args[++i]; break;
                case "--json": json = true; break;
                default: files.add(args[i]);
            }
        }
        if (tilesDir == null || files.isEmpty()) {
            System.err.println("usage: JczReplay --tiles DIR [--json] [--transcript DIR] FILE.jcz...");
            System.exit(2);
        }
        boolean assertsOn = false;
        assert assertsOn = true;
        if (!assertsOn) {
            System.err.println("run with java -ea: the engine checks the drawn tile with an assert (TilePhase.handlePlaceTile)");
            System.exit(2);
        }
        List<String> xmls;
        try (Stream<Path> s = Files.list(Paths.get(tilesDir))) {
            xmls = s.filter(p -> p.toString().endsWith(".xml")).map(p -> p.toAbsolutePath().toString()).sorted().collect(Collectors.toList());
        }
        int bad = 0;
        JsonArray all = new JsonArray();
        for (String f : files) {
            JsonObject res = replayFile(f, xmls, transcriptDir);
            all.add(res);
            if (!res.get("ok").getAsBoolean()) bad++;
            if (!json) printHuman(res);
        }
        if (json) System.out.println(new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(all));
        System.exit(bad == 0 ? 0 : 1);
    }

    static void printHuman(JsonObject r) {
        System.out.printf("%s: engine=%s strict=%s%s%n", r.get("file").getAsString(),
            r.get("engineScores"), r.get("strictScores"),
            r.get("ok").getAsBoolean() ? "" : "  ERROR: " + r.get("errors"));
    }

    /** The GAME_SETUP message the client builds (game.js handleStartMessage + tiles.js getFullSetup). */
    static JsonObject buildSetupMessage(JsonObject sg) {
        JsonObject setup = sg.getAsJsonObject("setup").deepCopy();
        JsonObject rules = new JsonObject();
        DEFAULT_RULES.forEach((k, v) -> rules.add(k, GSON.toJsonTree(v)));
        if (setup.has("rules") && setup.get("rules").isJsonObject()) {
            for (Map.Entry<String, JsonElement> e : setup.getAsJsonObject("rules").entrySet()) rules.add(e.getKey(), e.getValue());
        }
        setup.add("rules", rules);
        if (!setup.has("options")) setup.add("options", new JsonObject());
        // getFullSetup adds the elements enforced by the selected sets' expansions; the base game
        // (Expansion BASIC in models/expansions.js) enforces none.
        JsonObject payload = setup;
        payload.addProperty("gameId", sg.get("gameId").getAsString());
        payload.addProperty("players", sg.getAsJsonArray("players").size());
        payload.add("initialRandom", sg.get("initialRandom"));
        JsonObject annotations = new JsonObject();
        JsonObject ga = sg.has("gameAnnotations") && sg.get("gameAnnotations").isJsonObject() ? sg.getAsJsonObject("gameAnnotations") : null;
        if (ga != null && (ga.has("drawOrder") || ga.has("endTurn"))) {
            JsonObject params = new JsonObject();
            params.add("drawOrder", ga.has("drawOrder") ? ga.get("drawOrder") : new JsonArray());
            if (ga.has("endTurn")) params.add("drawLimit", ga.get("endTurn"));
            JsonObject tp = new JsonObject();
            tp.addProperty("className", "com.jcloisterzone.debug.ForcedDrawTilePack");
            tp.add("params", params);
            annotations.add("tilePack", tp);
        }
        payload.add("gameAnnotations", annotations);
        JsonObject msg = new JsonObject();
        msg.addProperty("type", "GAME_SETUP");
        msg.add("payload", payload);
        return msg;
    }

    static JsonObject replayFile(String file, List<String> xmls, String transcriptDir) {
        JsonObject res = new JsonObject();
        res.addProperty("file", file);
        JsonArray errors = new JsonArray();
        JsonObject sg;
        try {
            sg = JsonParser.parseString(new String(Files.readAllBytes(Paths.get(file)), StandardCharsets.UTF_8)).getAsJsonObject();
        } catch (Exception e) {
            errors.add("not valid JSON: " + e);
            res.add("errors", errors);
            res.addProperty("ok", false);
            return res;
        }
        // The client's own checks on load (game.js load()).
        for (String k : new String[] {"players", "initialRandom", "replay", "clock", "gameId", "setup", "appVersion"}) {
            if (!sg.has(k) || sg.get(k).isJsonNull()) errors.add("client check: missing " + k + " (client would open it as a setup only)");
        }
        if (errors.size() == 0 && compareVersion(sg.get("appVersion").getAsString(), "5.7.0") < 0) {
            errors.add("client check: appVersion " + sg.get("appVersion").getAsString() + " < SAVED_GAME_COMPATIBILITY 5.7.0");
        }
        if (errors.size() > 0) {
            res.add("errors", errors);
            res.addProperty("ok", false);
            return res;
        }
        JsonObject setupMsg = buildSetupMessage(sg);
        JsonArray replay = sg.getAsJsonArray("replay");
        // Every set the save names must be defined by one of the %loaded tile files
        // (princess_and_dragon.xml for princess-and-dragon:1 and :2).
        JsonObject setFiles = new JsonObject();
        for (String set : sg.getAsJsonObject("setup").getAsJsonObject("sets").keySet()) {
            String found = null;
            for (String x : xmls) {
                try {
                    if (new String(Files.readAllBytes(Paths.get(x)), StandardCharsets.UTF_8).contains("<tile-set id=\"" + set + "\"")) { found = Paths.get(x).getFileName().toString(); break; }
                } catch (IOException e) { errors.add("reading " + x + ": " + e); }
            }
            if (found == null) errors.add("no loaded tile file defines the set " + set);
            else setFiles.addProperty(set, found);
        }
        res.add("setFiles", setFiles);

        // ---- path 1: the engine's own main loop, fed what the client writes ----
        StringBuilder in = new StringBuilder();
        for (String x : xmls) in.append("%load ").append(x).append('\n');
        in.append("%bulk on\n");
        in.append(GSON.toJson(setupMsg)).append('\n');
        for (JsonElement m : replay) in.append(GSON.toJson(m)).append('\n');
        in.append("%bulk off\n");
        if (transcriptDir != null) {
            try {
                Path p = Paths.get(transcriptDir, Paths.get(file).getFileName().toString().replaceAll("\\.jcz$", "") + ".engine-in.txt");
                Files.createDirectories(p.getParent());
                Files.write(p, in.toString().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) { errors.add("transcript: " + e); }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            Engine engine = new Engine(new ByteArrayInputStream(in.toString().getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, "UTF-8"), new PrintStream(err, true, "UTF-8"), null);
            engine.run();
        } catch (Throwable t) {
            errors.add("engine: " + describe(t));
        }
        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        String last = null;
        for (String l : lines) if (l.startsWith("{")) last = l;
        if (err.size() > 0) errors.add("engine stderr: " + err.toString(StandardCharsets.UTF_8).trim());
        if (last != null) {
            JsonObject st = JsonParser.parseString(last).getAsJsonObject();
            JsonArray scores = new JsonArray();
            for (JsonElement p : st.getAsJsonArray("players")) scores.add(p.getAsJsonObject().get("points"));
            res.add("engineScores", scores);
            res.addProperty("enginePhase", st.has("phase") && !st.get("phase").isJsonNull() ? st.get("phase").getAsString() : null);
            // The dragon's moves in the engine's own history (StateGsonBuilder.serializePlayEvents:
            // one "dragon-moved" item per turn, path = [start, step, step, ...]; the volcano's call
            // is left out there).
            JsonArray dragonMoves = new JsonArray();
            JsonArray enginePath = new JsonArray();
            if (st.has("history") && st.get("history").isJsonArray()) {
                for (JsonElement h : st.getAsJsonArray("history")) {
                    JsonObject item = h.getAsJsonObject();
                    for (JsonElement e : item.getAsJsonArray("events")) {
                        JsonObject ev = e.getAsJsonObject();
                        if (!"dragon-moved".equals(ev.get("type").getAsString())) continue;
                        JsonArray path = ev.getAsJsonArray("path");
                        JsonObject mv = new JsonObject();
                        mv.add("turn", item.get("turn"));
                        mv.add("player", item.get("player"));
                        mv.add("from", path.get(0));
                        JsonArray steps = new JsonArray();
                        for (int i = 1; i < path.size(); i++) { steps.add(path.get(i)); enginePath.add(path.get(i)); }
                        mv.add("steps", steps);
                        dragonMoves.add(mv);
                    }
                }
            }
            res.add("engineDragonMoves", dragonMoves);
            res.add("engineDragonPath", enginePath);
        } else {
            errors.add("engine printed no state");
        }

        // ---- path 2: strict replay ----
        strictReplay(setupMsg, replay, xmls, res, errors);

        if (res.has("enginePhase") && !"GameOverPhase".equals(res.get("enginePhase").getAsString())) {
            errors.add("engine: game not over after the last message, phase " + res.get("enginePhase").getAsString());
        }
        if (res.has("engineScores") && res.has("strictScores") && !res.get("engineScores").equals(res.get("strictScores"))) {
            errors.add("engine and strict paths disagree");
        }
        if (res.has("engineDragonPath") && res.has("dragonPath") && !res.get("engineDragonPath").equals(res.get("dragonPath"))) {
            errors.add("engine and strict paths disagree on the dragon's path");
        }
        res.add("errors", errors);
        res.addProperty("ok", errors.size() == 0);
        return res;
    }

    static void strictReplay(JsonObject setupMsgJson, JsonArray replay, List<String> xmls, JsonObject res, JsonArray errors) {
        MessageParser parser = new MessageParser();
        int idx = -1;
        try {
            GameSetupMessage setupMsg = (GameSetupMessage) parser.fromJson(GSON.toJson(setupMsgJson));
            Method m = Engine.class.getDeclaredMethod("createSetupFromMessage", GameSetupMessage.class);
            m.setAccessible(true);
            Engine dummy = new Engine(new ByteArrayInputStream(new byte[0]), System.out, System.err, null);
            GameSetup gameSetup = (GameSetup) m.invoke(dummy, setupMsg);
            GameStatePhaseReducer reducer = new GameStatePhaseReducer(gameSetup, setupMsg.getInitialRandom());
            GameStateBuilder builder = new GameStateBuilder(new ArrayList<>(xmls), gameSetup, setupMsg.getPlayers());
            if (setupMsg.getGameAnnotations() != null) builder.setGameAnnotations(setupMsg.getGameAnnotations());
            GameState state = builder.createInitialState();
            Phase first = reducer.getFirstPhase();
            state = state.setPhase(first);
            state = reducer.applyStepResult(first.enter(state));

            int abbotReturns = 0, bigFollowerDeployments = 0;
            int dragonSteps = 0, fairyMoves = 0, princessReturns = 0, portalPlacements = 0;
            int dragonEaten = 0, fairyBlocks = 0, princessOffers = 0, wagonMoves = 0;
            for (idx = 0; idx < replay.size(); idx++) {
                JsonObject raw = replay.get(idx).getAsJsonObject();
                if (state.getPhase() instanceof GameOverPhase) {
                    errors.add(String.format("strict: message #%d %s after the game ended", idx, raw.get("type").getAsString()));
                    break;
                }
                Message msg = parser.fromJson(GSON.toJson(raw));
                String problem = checkLegal(state, raw, msg);
                if (problem != null) {
                    errors.add(String.format("strict: message #%d %s: %s (phase %s)", idx, GSON.toJson(raw), problem, state.getPhase()));
                    break;
                }
                boolean abbotReturn = false, bigFollower = false, dragonStep = false, fairyMove = false, princessReturn = false, portal = false;
                if (msg instanceof ReturnMeepleMessage && ((ReturnMeepleMessage) msg).getSource() == ReturnMeepleSource.ABBOT_RETURN) abbotReturn = true;
                if (msg instanceof ReturnMeepleMessage && ((ReturnMeepleMessage) msg).getSource() == ReturnMeepleSource.PRINCESS) princessReturn = true;
                if (msg instanceof DeployMeepleMessage) {
                    DeployMeepleMessage dm = (DeployMeepleMessage) msg;
                    if (state.getActivePlayer().getMeepleFromSupply(state, dm.getMeepleId()) instanceof BigFollower) bigFollower = true;
                    PlacedTile last = state.getLastPlaced();
                    // checkLegal found it among the engine's options; away from the tile just
                    // placed, only a magic portal offers it, or a wagon's move after scoring
                    if (state.getPhase() instanceof WagonPhase) {
                        wagonMoves++;
                    } else if (last != null && !last.getPosition().equals(dm.getPointer().getPosition())) {
                        if (!last.getTile().hasModifier(PortalCapability.MAGIC_PORTAL)) {
                            errors.add(String.format("strict: message #%d %s: the engine offered a placement away from the tile just placed, which is no portal", idx, GSON.toJson(raw)));
                            break;
                        }
                        portal = true;
                    }
                }
                int meeplesBefore = state.getDeployedMeeples().size();
                // one message answers each action step, so this counts the steps offering the princess
                if (state.getPlayerActions() != null && state.getPlayerActions().getActions().exists(
                        a -> a instanceof ReturnMeepleAction && ((ReturnMeepleAction) a).getSource() == ReturnMeepleSource.PRINCESS)) princessOffers++;
                if (msg instanceof MoveNeutralFigureMessage) {
                    if (isDragon(state, ((MoveNeutralFigureMessage) msg).getFigureId())) {
                        dragonStep = true;
                        // the fairy keeps the dragon out of a space it could otherwise enter
                        BoardPointer fairy = state.getNeutralFigures().getFairyDeployment();
                        Position dragon = state.getNeutralFigures().getDragonDeployment();
                        io.vavr.collection.Vector<Position> visited = state.getCapabilityModel(com.jcloisterzone.game.capability.DragonCapability.class);
                        if (fairy != null && dragon != null && state.getPlacedTile(fairy.getPosition()) != null
                            && Math.abs(fairy.getPosition().x - dragon.x) + Math.abs(fairy.getPosition().y - dragon.y) == 1
                            && (visited == null || !visited.contains(fairy.getPosition()))) fairyBlocks++;
                    } else fairyMove = true;
                }
                if (msg instanceof RandomChangingMessage && ((RandomChangingMessage) msg).getRandom() != null) {
                    reducer.getRandomGanerator().setRandom(((RandomChangingMessage) msg).getRandom());
                }
                state = reducer.apply(state, msg);
                // counted once the engine has accepted the message
                if (abbotReturn) abbotReturns++;
                if (bigFollower) bigFollowerDeployments++;
                if (dragonStep) { dragonSteps++; dragonEaten += meeplesBefore - state.getDeployedMeeples().size(); }
                if (fairyMove) fairyMoves++;
                if (princessReturn) princessReturns++;
                if (portal) portalPlacements++;
            }
            res.addProperty("messages", replay.size());
            res.addProperty("abbotReturns", abbotReturns);
            res.addProperty("bigFollowerDeployments", bigFollowerDeployments);
            res.addProperty("dragonSteps", dragonSteps);
            res.addProperty("fairyMoves", fairyMoves);
            res.addProperty("princessReturns", princessReturns);
            res.addProperty("portalPlacements", portalPlacements);
            res.addProperty("dragonEaten", dragonEaten);
            res.addProperty("fairyBlocks", fairyBlocks);
            res.addProperty("princessOffers", princessOffers);
            res.addProperty("wagonMoves", wagonMoves);
            res.addProperty("strictPhase", String.valueOf(state.getPhase()));
            if (!(state.getPhase() instanceof GameOverPhase) && errors.size() == 0) {
                errors.add("strict: game not over after the last message, phase " + state.getPhase());
            }
            JsonArray scores = new JsonArray();
            for (Integer s : state.getPlayers().getScore()) scores.add(s);
            res.add("strictScores", scores);
            // score events, for diagnosis
            JsonArray evs = new JsonArray();
            for (PlayEvent ev : state.getEvents()) {
                if (!(ev instanceof ScoreEvent)) continue;
                ScoreEvent se = (ScoreEvent) ev;
                for (ScoreEvent.ReceivedPoints rp : se.getPoints()) {
                    JsonObject o = new JsonObject();
                    o.addProperty("player", rp.getPlayer().getIndex());
                    o.addProperty("points", rp.getPoints());
                    o.addProperty("name", rp.getExpression().getName());
                    o.addProperty("final", se.isFinal());
                    o.addProperty("source", String.valueOf(rp.getSource()));
                    evs.add(o);
                }
            }
            res.add("scoreEvents", evs);
            // the dragon as the engine moved it: steps carry the steering player, a volcano's call none
            JsonArray path = new JsonArray(), volcanoes = new JsonArray();
            for (PlayEvent ev : state.getEvents()) {
                if (!(ev instanceof NeutralFigureMoved) || !(((NeutralFigureMoved) ev).getNeutralFigure() instanceof Dragon)) continue;
                NeutralFigureMoved nm = (NeutralFigureMoved) ev;
                Position to = nm.getTo() == null ? null : nm.getTo().getPosition();
                JsonArray xy = new JsonArray();
                if (to != null) { xy.add(to.x); xy.add(to.y); }
                if (nm.getMetadata().getTriggeringPlayerIndex() == null) volcanoes.add(xy); else path.add(xy);
            }
            res.add("dragonPath", path);
            res.add("dragonVolcanoes", volcanoes);
        } catch (Throwable t) {
            errors.add(String.format("strict: message #%d %s: %s", idx,
                idx >= 0 && idx < replay.size() ? GSON.toJson(replay.get(idx)) : "(setup)", describe(t)));
        }
    }

    /** Is msg one of the moves the engine offers in this state? null if yes, else why not. */
    static String checkLegal(GameState state, JsonObject raw, Message msg) {
        Player active = state.getActivePlayer();
        if (raw.has("player") && !raw.get("player").isJsonNull() && active != null
                && raw.get("player").getAsInt() != active.getIndex()) {
            return "sent by player " + raw.get("player").getAsInt() + " but the active player is " + active.getIndex();
        }
        var actionsState = state.getPlayerActions();
        List<PlayerAction<?>> actions = new ArrayList<>();
        if (actionsState != null) actionsState.getActions().forEach(actions::add);
        if (msg instanceof PlaceTileMessage) {
            PlaceTileMessage pm = (PlaceTileMessage) msg;
            if (state.getDrawnTile() == null) return "no tile is drawn";
            if (!state.getDrawnTile().getId().equals(pm.getTileId())) return "tile " + pm.getTileId() + " sent, but the engine drew " + state.getDrawnTile().getId();
            for (PlayerAction<?> a : actions) {
                if (a instanceof TilePlacementAction) {
                    for (PlacementOption o : ((TilePlacementAction) a).getOptions()) {
                        if (o.getPosition().equals(pm.getPosition()) && o.getRotation().equals(pm.getRotation())) return null;
                    }
                }
            }
            return "placement " + pm.getPosition() + " " + pm.getRotation() + " is not among the engine's options";
        }
        if (msg instanceof DeployMeepleMessage) {
            DeployMeepleMessage dm = (DeployMeepleMessage) msg;
            for (PlayerAction<?> a : actions) {
                if (a instanceof MeepleAction) {
                    MeepleAction ma = (MeepleAction) a;
                    if (ma.getOptions().contains(dm.getPointer())) {
                        try {
                            if (dm.getMeepleId().equals(ma.getMeepleIdFor(dm.getPointer()))) return null;
                            // any meeple of the same type in supply is fine: the engine takes the one named
                            if (active.getMeepleFromSupply(state, dm.getMeepleId()) != null
                                && active.getMeepleFromSupply(state, dm.getMeepleId()).getClass().equals(ma.getMeepleType())) return null;
                        } catch (Exception e) {
                            return "meeple " + dm.getMeepleId() + ": " + e;
                        }
                    }
                }
            }
            return "deploying " + dm.getMeepleId() + " on " + dm.getPointer() + " is not among the engine's options " + describeActions(actions);
        }
        if (msg instanceof ReturnMeepleMessage) {
            ReturnMeepleMessage rm = (ReturnMeepleMessage) msg;
            for (PlayerAction<?> a : actions) {
                if (a instanceof ReturnMeepleAction) {
                    ReturnMeepleAction ra = (ReturnMeepleAction) a;
                    if (ra.getSource() == rm.getSource() && ra.getOptions().contains(rm.getPointer())) return null;
                }
            }
            return "return " + rm.getPointer() + " (" + rm.getSource() + ") is not among the engine's options " + describeActions(actions);
        }
        if (msg instanceof PlaceTokenMessage) {
            PlaceTokenMessage tm = (PlaceTokenMessage) msg;
            for (PlayerAction<?> a : actions) {
                if (a instanceof LittleBuildingAction) {
                    LittleBuildingAction la = (LittleBuildingAction) a;
                    if (tm.getToken() instanceof com.jcloisterzone.game.capability.LittleBuildingsCapability.LittleBuilding && la.getOptions().contains((com.jcloisterzone.game.capability.LittleBuildingsCapability.LittleBuilding) tm.getToken()) && la.getPosition().equals(tm.getPointer())) return null;
                }
            }
            return "token " + tm.getToken() + " at " + tm.getPointer() + " is not among the engine's options " + describeActions(actions);
        }
        if (msg instanceof MoveNeutralFigureMessage) {
            MoveNeutralFigureMessage nm = (MoveNeutralFigureMessage) msg;
            BoardPointer to = nm.getTo();
            if (to == null) return "no target";
            for (PlayerAction<?> a : actions) {
                if (a instanceof MoveDragonAction) {
                    MoveDragonAction da = (MoveDragonAction) a;
                    // the client sends the Position the player picked (DragonMovePhaseAction.vue)
                    if (da.getFigureId().equals(nm.getFigureId()) && to instanceof Position && da.getOptions().contains((Position) to)) return null;
                }
                if (a instanceof FairyNextToAction) {
                    FairyNextToAction fa = (FairyNextToAction) a;
                    if (fa.getFigureId().equals(nm.getFigureId()) && to instanceof MeeplePointer && fa.getOptions().contains((MeeplePointer) to)) return null;
                }
            }
            return "moving " + nm.getFigureId() + " to " + to + " is not among the engine's options " + describeActions(actions);
        }
        if (msg instanceof PassMessage) {
            if (actionsState == null) return "PASS with no actions offered";
            if (!actionsState.isPassAllowed()) return "pass is not allowed";
            return null;
        }
        if (msg instanceof CommitMessage) {
            // a wagon's move is confirmed by its owner's COMMIT (WagonPhase.handleCommit)
            if (!(state.getPhase() instanceof CommitActionPhase) && !(state.getPhase() instanceof WagonPhase))
                return "COMMIT outside the commit phase";
            return null;
        }
        return "message type not expected in base/abbot/little-buildings/inns-and-cathedrals/princess-and-dragon games";
    }

    static boolean isDragon(GameState state, String figureId) {
        return state.getNeutralFigures().getById(figureId) instanceof Dragon;
    }

    static String describeActions(List<PlayerAction<?>> actions) {
        StringBuilder sb = new StringBuilder("[");
        for (PlayerAction<?> a : actions) {
            if (sb.length() > 1) sb.append("; ");
            sb.append(a.getClass().getSimpleName());
            if (a instanceof ReturnMeepleAction) sb.append('(').append(((ReturnMeepleAction) a).getSource()).append(')');
            if (a instanceof MeepleAction) sb.append('(').append(((MeepleAction) a).getMeepleType().getSimpleName()).append(')');
            if (a instanceof MoveDragonAction) sb.append('(').append(((MoveDragonAction) a).getFigureId()).append(')');
            if (a instanceof FairyNextToAction) sb.append('(').append(((FairyNextToAction) a).getFigureId()).append(')');
            sb.append(a.getOptions());
        }
        return sb.append(']').toString();
    }

    static String describe(Throwable t) {
        while ((t instanceof RuntimeException && t.getCause() != null && t.getMessage() != null && t.getMessage().equals(String.valueOf(t.getCause())))
            || (t instanceof java.lang.reflect.InvocationTargetException && t.getCause() != null)) t = t.getCause();
        StackTraceElement[] st = t.getStackTrace();
        String where = "";
        for (StackTraceElement e : st) {
            if (e.getClassName().startsWith("com.jcloisterzone")) { where = " at " + e.getClassName() + "." + e.getMethodName() + "(" + e.getFileName() + ":" + e.getLineNumber() + ")"; break; }
        }
        return t.getClass().getName() + ": " + t.getMessage() + where;
    }

    static int compareVersion(String a, String b) {
        String[] x = a.split("[.-]"), y = b.split("[.-]");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int p = i < x.length ? parseOr0(x[i]) : 0, q = i < y.length ? parseOr0(y[i]) : 0;
            if (p != q) return Integer.compare(p, q);
        }
        return 0;
    }
    static int parseOr0(String s) { try { return Integer.parseInt(s); } catch (NumberFormatException e) { return 0; } }
}
