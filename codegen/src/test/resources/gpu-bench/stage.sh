#!/usr/bin/env bash
# Builds the device bundle in DEST (default .gpu/ of the checkout the device tool sends): a jlinked
# Java 25 runtime (the device has no Java), codegen's classes and test classes with their module
# dependencies, the JUnit console launcher, and device-run.sh. Run after
# `mvn -pl codegen -am test-compile`, from the worktree root.
set -eu
ROOT=$(pwd); DEST=${1:-.gpu}; M2=${M2:-$HOME/.m2/repository}
JDK=${JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}
rm -rf "$DEST"; mkdir -p "$DEST/lib" "$DEST/classes"
"$JDK/bin/jlink" --add-modules java.base,java.logging,java.management,java.xml,jdk.unsupported,java.naming,java.scripting \
  --strip-debug --no-header-files --no-man-pages --compress zip-9 --output "$DEST/jre"
strip --strip-unneeded "$DEST/jre/lib/server/libjvm.so" || true
cp -r "$ROOT/codegen/target/classes" "$DEST/classes/codegen"
cp -r "$ROOT/codegen/target/test-classes" "$DEST/classes/codegen-test"
cp -r "$ROOT/constraints/target/classes" "$DEST/classes/constraints"
cp -r "$ROOT/solver-native/target/classes" "$DEST/classes/solver-native"
cp "$M2/org/antlr/antlr4-runtime/4.13.2/antlr4-runtime-4.13.2.jar" "$DEST/lib/antlr4-runtime.jar"
cp "$M2/org/ojalgo/ojalgo/55.2.0/ojalgo-55.2.0.jar" "$DEST/lib/ojalgo.jar"
J=$M2/org/junit/platform/junit-platform-console-standalone/1.11.4/junit-platform-console-standalone-1.11.4.jar
[ -f "$J" ] || mvn -B -ntp -q dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.11.4 -DoutputDirectory="$DEST/lib"
[ -f "$J" ] && cp "$J" "$DEST/lib/junit-platform-console-standalone.jar" || mv "$DEST"/lib/junit-platform-console-standalone-*.jar "$DEST/lib/junit-platform-console-standalone.jar"
cp "$ROOT/codegen/src/test/resources/gpu-bench/device-run.sh" "$DEST/"
du -sh "$DEST"
