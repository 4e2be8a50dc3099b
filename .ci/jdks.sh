# Finding JDKs for .ci/run, sourced by it. Works with the bash 3.2 of macOS: no associative arrays, no mapfile.
#
# Where it looks, in order: QUARRY_JDK17 and QUARRY_JDK25 (a JDK's home each), JAVA_HOME, the `java` on PATH when
# JAVA_HOME is unset, then every folder under the usual install roots (QUARRY_JDK_DIRS replaces them: a
# space-separated list of roots whose children are JDK homes; empty means none).

default_jdk_dirs="/usr/lib/jvm /Library/Java/JavaVirtualMachines $HOME/.sdkman/candidates/java $HOME/.jdks"

# Prints the feature release (17, 21, 25, ...) of the JDK at that home, or nothing when it is not a JDK.
jdk_release() {
    local home=$1
    [ -n "$home" ] && [ -x "$home/bin/javac" ] && [ -x "$home/bin/java" ] || return 0
    "$home/bin/java" -XshowSettings:properties -version 2>&1 |
        sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*$/\1/p' | head -n 1
}

# Prints the home of the `java` on PATH, or nothing.
path_java_home() {
    command -v java >/dev/null 2>&1 || return 0
    java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.home = //p' | head -n 1
}

# Prints the JDK the user chose: JAVA_HOME when set, else the one on PATH.
users_jdk() {
    if [ -n "${JAVA_HOME:-}" ]; then
        echo "$JAVA_HOME"
    else
        path_java_home
    fi
}

# Prints every candidate home, one a line, the user's choices first.
candidate_jdks() {
    local root home
    [ -n "${QUARRY_JDK17:-}" ] && echo "$QUARRY_JDK17"
    [ -n "${QUARRY_JDK25:-}" ] && echo "$QUARRY_JDK25"
    users_jdk
    for root in ${QUARRY_JDK_DIRS-$default_jdk_dirs}; do
        for home in "$root"/*; do
            # macOS keeps the home one level down.
            if [ -d "$home/Contents/Home" ]; then echo "$home/Contents/Home"; else echo "$home"; fi
        done
    done
}

# Prints the first candidate home of that feature release, or nothing.
find_jdk() {
    local wanted=$1 home
    while IFS= read -r home; do
        if [ "$(jdk_release "$home")" = "$wanted" ]; then
            echo "$home"
            return 0
        fi
    done <<EOF
$(candidate_jdks)
EOF
}
