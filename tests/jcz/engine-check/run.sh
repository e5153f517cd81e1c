#!/bin/bash
# Replays .jcz saves in JCloisterZone's own Java engine (compiled offline with
# javac against Debian's jars) and prints the scores it reaches.
#
# Usage: run.sh [--json] [FILE.jcz ...]          (default: $WORK/saves/*.jcz)
# Every tile XML of the client (src/extraResources/expansions/*.xml, among them
# basic.xml, inns_and_cathedrals.xml and princess_and_dragon.xml) is loaded; the
# save's sets pick the tiles.
# Needs: JCZ_ENGINE_GIT, JCZ_CLIENT_GIT: git directories (bare or not) of
#        farin/JCloisterZone and farin/JCloisterZone-Client; the Debian packages
#        libvavr0-java libgoogle-gson-java libslf4j-java libsemver-java
#        libspullara-cli-parser-java. Not part of the test suite: CI has no copy
#        of JCloisterZone. WORK (default /tmp/ck-jcz-engine-check) holds the
#        extracted sources, the classes and the saves.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-/tmp/ck-jcz-engine-check}
: "${JCZ_ENGINE_GIT:?set JCZ_ENGINE_GIT to a git directory of farin/JCloisterZone}"
: "${JCZ_CLIENT_GIT:?set JCZ_CLIENT_GIT to a git directory of farin/JCloisterZone-Client}"
J=/usr/share/java
DEPS=$J/vavr-0.10.3.jar:$J/gson.jar:$J/slf4j-api.jar:$J/slf4j-nop.jar:$J/spullara-cli-parser.jar:$J/java-semver.jar
mkdir -p "$WORK"
cd "$WORK"
if [ ! -d src/src/main/java ]; then
  mkdir -p src && git --git-dir="$JCZ_ENGINE_GIT" archive HEAD | tar -x -C src
fi
if [ ! -d client/src/extraResources/expansions ]; then
  mkdir -p client && git --git-dir="$JCZ_CLIENT_GIT" archive HEAD src/extraResources/expansions | tar -x -C client
fi
if [ ! -f build/classes/com/jcloisterzone/engine/Engine.class ]; then
  # GraalJS is the one dependency Debian lacks; the stubs throw if used
  # (only scripted feature modifiers use it; no expansion checked here does).
  mkdir -p build/classes
  find src/src/main/java "$HERE/stubs" -name '*.java' > build/sources.txt
  nice javac -nowarn -encoding UTF-8 --release 11 -cp "$DEPS" -d build/classes @build/sources.txt
fi
if [ ! -f build/driver/cloisterkitcheck/JczReplay.class ] ||
   [ "$HERE/driver/JczReplay.java" -nt build/driver/cloisterkitcheck/JczReplay.class ]; then
  mkdir -p build/driver
  nice javac -nowarn -encoding UTF-8 --release 11 -cp "build/classes:$DEPS" -d build/driver "$HERE/driver/JczReplay.java"
fi
ARGS=()
FILES=()
for a in "$@"; do case "$a" in --*) ARGS+=("$a");; *) FILES+=("$(cd "$OLDPWD" 2>/dev/null; realpath "$a")");; esac; done
[ ${#FILES[@]} -eq 0 ] && FILES=("$WORK"/saves/*.jcz)
exec nice java -ea -cp "build/driver:build/classes:$DEPS" cloisterkitcheck.JczReplay \
  --tiles client/src/extraResources/expansions --transcript build/transcripts "${ARGS[@]}" "${FILES[@]}"
