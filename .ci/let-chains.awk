# Prints the lines of Rust sources that use let-chains (`if let P = e && ...`, stable since 1.88).
# A heuristic, not a parser: it looks for `&&` at the top level of an `if let`/`while let` line,
# a line starting with `&&` that continues one, and `&& let` anywhere at a line's start.

# Whether `text` holds " && " outside any brackets.
function top_level_and(text,    i, c, depth) {
    depth = 0
    for (i = 1; i <= length(text); i++) {
        c = substr(text, i, 1)
        if (c == "(" || c == "[" || c == "{") depth++
        else if (c == ")" || c == "]" || c == "}") depth--
        else if (depth == 0 && substr(text, i, 4) == " && ") return 1
    }
    return 0
}

{
    is_let = match($0, /^[[:space:]]*(\} else )?(if|while) let /)
    if ((is_let && top_level_and(substr($0, RSTART + RLENGTH))) \
        || /^[[:space:]]*&& let / \
        || (continues_let && /^[[:space:]]*&&/)) {
        print FILENAME ":" FNR ": " $0
    }
    # A condition that does not end its line goes on, maybe with `&&`, on the next.
    continues_let = (is_let && $0 !~ /\{[[:space:]]*$/) || (continues_let && /^[[:space:]]*&&/ && $0 !~ /\{[[:space:]]*$/)
}
