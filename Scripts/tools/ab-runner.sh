# Runs commands with two snaplab binaries and diffs everything they produce: the one runner of
# the byte-identity checks (tools/check-byte-identical.sh, tools/compare-parameter-outputs.sh and
# the identity part of bench/bench-compare-ab.sh). Sourced, not run:
#
#   source Scripts/tools/ab-runner.sh
#   ab_start BASE_BIN NEW_BIN WORK_DIR      # WORK_DIR keeps every case's outputs
#   ab_case NAME ARG...                      # BIN ARG... with each binary; one line: same / DIFFERENT
#   ab_finish                                # the summary line; status 1 when any case differs
#
# Each binary runs in its own directory, WORK_DIR/NAME/base and WORK_DIR/NAME/new, so a command
# that writes files (give them relative names) writes the same names in both; the directory
# then holds stdout.txt, stderr.txt, status.txt and every file written, and `diff -r` compares
# the two directories. Arguments that name input files must be absolute paths (or relative to
# the case directory). With AB_MASK_TIMES=1, elapsed times on standard error ("in 1.2 s",
# "80 ms") are masked before the comparison; otherwise standard error is compared as written.
# Set AB_QUIET_SAME=1 to print only the cases that differ.

ab_start() {
    AB_BASE="$(realpath "$1")"
    AB_NEW="$(realpath "$2")"
    mkdir -p "$3"
    AB_WORK="$(realpath "$3")"
    AB_CASES=0
    AB_DIFFERENT=()
}

# Masks what may differ between two identical runs when AB_MASK_TIMES=1: elapsed times.
ab_mask() {
    if [ "${AB_MASK_TIMES:-0}" = 1 ]; then
        sed -E 's/[0-9]+(\.[0-9]+)? (s|ms|min)\b/<time> \2/g' "$1"
    else
        cat "$1"
    fi
}

ab_case() {
    local name="$1" which bin dir status
    shift
    AB_CASES=$((AB_CASES + 1))
    for which in base new; do
        bin="$AB_BASE"; [ "$which" = new ] && bin="$AB_NEW"
        dir="$AB_WORK/$name/$which"
        rm -rf "$dir"; mkdir -p "$dir"
        status=0
        (cd "$dir" && "$bin" "$@" > stdout.txt 2> stderr.raw) || status=$?
        echo "$status" > "$dir/status.txt"
        ab_mask "$dir/stderr.raw" > "$dir/stderr.txt"
        rm "$dir/stderr.raw"
    done
    if diff -r "$AB_WORK/$name/base" "$AB_WORK/$name/new" > "$AB_WORK/$name.diff"; then
        rm "$AB_WORK/$name.diff"
        if [ "${AB_QUIET_SAME:-0}" != 1 ]; then
            echo "same       $name (exit $(cat "$AB_WORK/$name/base/status.txt"); $(ls "$AB_WORK/$name/base" | wc -l) files)"
        fi
    else
        echo "DIFFERENT  $name: $(wc -l < "$AB_WORK/$name.diff") diff lines in $AB_WORK/$name.diff (snaplab $*)"
        AB_DIFFERENT+=("$name")
    fi
}

ab_finish() {
    if [ "${#AB_DIFFERENT[@]}" -ne 0 ]; then
        echo "$AB_CASES cases, ${#AB_DIFFERENT[@]} differ: ${AB_DIFFERENT[*]} (outputs in $AB_WORK)"
        return 1
    fi
    echo "IDENTICAL: $AB_CASES cases, every output byte-identical (outputs in $AB_WORK)"
}
