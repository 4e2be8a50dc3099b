#!/usr/bin/env bash
# Builds one variant of the SDK's client jars for VariantPair: the tree at a git revision, optionally with a
# patch applied (how a kept replacement's library-mechanism variant is rebuilt), into
# benchmarks/target/variants/NAME/. Usage, from the repository root:
#   bash benchmarks/variants/build-variant.sh NAME REVISION [PATCH]
# then pass NAME's class path to VariantPair: target/variants/NAME/client-core.jar:...:benchmarks.jar (the jar
# ./mvnw -B -pl benchmarks -am package -DskipTests -Pbenchmarks-jar makes; this script builds the client jars only)
set -euo pipefail
name=$1
revision=$2
patch=${3:-}
root=$(git rev-parse --show-toplevel)
out=$root/benchmarks/target/variants/$name
tree=$(mktemp -d)/tree
git -C "$root" worktree add -q --detach "$tree" "$revision"
trap 'git -C "$root" worktree remove --force "$tree"' EXIT
if [ -n "$patch" ]; then
  git -C "$tree" apply "$root/$patch"
fi
(cd "$tree" && ./mvnw -B -q -o -pl client-core,client-search,observation-micrometer -am package \
  -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true -Dspotless.check.skip=true)
mkdir -p "$out"
for module in client-core client-search observation-micrometer; do
  cp "$tree/$module/target/$module-"*-SNAPSHOT.jar "$out/$module.jar" 2>/dev/null \
    || cp "$tree/$module/target/$module-"[0-9]*.jar "$out/$module.jar"
done
echo "$out: $(cd "$out" && ls)"
