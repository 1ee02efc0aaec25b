# Sourced by ./shapeforge and .ci/run: selects a JDK >= 25 and exports JAVA_HOME.
# Order: $JAVA_HOME if it is >= 25, then the JDKs Debian keeps in /usr/lib/jvm.
# The major version from the JDK's `release` file, read without a subprocess (the launcher sources this
# on every command: `java -version` started a second JVM each time); `java -version` where it has none.
sf_java_major() {
  local line
  if [ -r "$1/release" ]; then
    while IFS= read -r line; do
      case "$line" in JAVA_VERSION=*) line="${line#JAVA_VERSION=\"}"; echo "${line%%[.\"]*}"; return 0 ;; esac
    done <"$1/release"
  fi
  "$1/bin/java" -version 2>&1 | awk -F'"' '/version/ {split($2, v, "."); print v[1]; exit}'
}
sf_pick_java() {
  local cand major
  for cand in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25* /usr/lib/jvm/*25* /usr/lib/jvm/*; do
    [ -n "$cand" ] && [ -x "$cand/bin/java" ] && [ -x "$cand/bin/javac" ] || continue
    major=$(sf_java_major "$cand")
    if [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
      export JAVA_HOME="$cand"
      return 0
    fi
  done
  echo "shapeforge: needs a JDK >= 25 (set JAVA_HOME, or install Temurin 25 under /usr/lib/jvm); none found" >&2
  return 1
}
sf_pick_java || exit 2
export PATH="$JAVA_HOME/bin:$PATH"
export MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}"
