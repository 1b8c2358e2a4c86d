// Hawser's own external scanner for the tree-sitter-typescript 0.23 grammars (`typescript` and
// `tsx`). It is not from an sdist: the PyPI sdists ship `typescript/src/scanner.c` and
// `tsx/src/scanner.c`, which `#include "../../common/scanner.h"` and call
// `external_scanner_scan(payload, lexer, valid_symbols)` from their `scan` function, but no sdist
// ships that header. This file is what those two scanners need from it, written for Hawser from
// the grammar's external tokens (the `ts_external_scanner_symbol_identifiers` of each parser.c)
// and the ECMAScript rules for automatic semicolon insertion. It lives outside grammar/ so that
// `scripts/fetch-grammar.sh --verify` stays strict about every file that comes from an sdist.
//
// Both scanner.c files include it, each in its own translation unit: everything here is
// `static`, so the two copies never clash at link time.
#ifndef HAWSER_TREE_SITTER_TYPESCRIPT_COMMON_SCANNER_H
#define HAWSER_TREE_SITTER_TYPESCRIPT_COMMON_SCANNER_H

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stddef.h> // NULL, which the scanners' `create` returns: the scanner keeps no state
#include <string.h>
#include <wctype.h>

// The grammar's `externals`, in its order: valid_symbols is indexed by it and result_symbol is
// one of it. Both grammars (typescript and tsx) list the same ten.
enum {
    HAWSER_TS_AUTOMATIC_SEMICOLON,
    HAWSER_TS_TEMPLATE_CHARS,
    HAWSER_TS_TERNARY_QMARK,
    HAWSER_TS_HTML_COMMENT,
    // `||`, `escape_sequence` and `regex_pattern` are never produced here (the grammar's own lexer
    // reads them); they are externals so that the scanner can tell where an HTML comment cannot be.
    HAWSER_TS_LOGICAL_OR,
    HAWSER_TS_ESCAPE_SEQUENCE,
    HAWSER_TS_REGEX_PATTERN,
    HAWSER_TS_JSX_TEXT,
    // The semicolon that ends an overload signature (`function f(a: string): void` and a newline).
    // It differs from the automatic semicolon in one case only: before a `{` on the next line,
    // which is the function's body, not a block statement after a signature.
    HAWSER_TS_FUNCTION_SIGNATURE_AUTOMATIC_SEMICOLON,
    // No rule uses it: it is valid only while tree-sitter recovers from an error (then every
    // external token is valid at once), and the scanner then leaves the lexing to the grammar.
    HAWSER_TS_ERROR_RECOVERY,
};

static inline void hawser_ts_advance(TSLexer *lexer) { lexer->advance(lexer, false); }

// Advances over a character that belongs to no token (space or comment before it).
static inline void hawser_ts_skip(TSLexer *lexer) { lexer->advance(lexer, true); }

// ECMAScript's LineTerminator. The lexer's lookahead is 0 at the end of the input.
static inline bool hawser_ts_is_line_terminator(int32_t c) {
    return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029;
}

static inline bool hawser_ts_is_space(int32_t c) {
    return c != 0 && (iswspace((wint_t)c) || c == 0xFEFF || c == 0x00A0);
}

static inline bool hawser_ts_is_word_char(int32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c > 0x7F;
}

// A template literal's characters up to the closing backquote, a `${` or a backslash (the
// grammar lexes escape sequences and substitutions itself). Empty text is no token.
static bool hawser_ts_scan_template_chars(TSLexer *lexer) {
    lexer->result_symbol = HAWSER_TS_TEMPLATE_CHARS;
    bool has_text = false;
    for (;;) {
        // The token ends before the character being looked at unless the loop goes on.
        lexer->mark_end(lexer);
        int32_t c = lexer->lookahead;
        if (c == 0) {
            return false; // an unterminated template: the grammar reports the error
        }
        if (c == '`' || c == '\\') {
            return has_text;
        }
        hawser_ts_advance(lexer);
        if (c == '$' && lexer->lookahead == '{') {
            return has_text; // ends before the `$`, marked above
        }
        has_text = true;
    }
}

// Skips spaces, line terminators and comments. Sets *newline when a line terminator was skipped,
// in a multi-line comment too (ECMAScript treats such a comment as a line terminator), and
// *comment when a comment was. Returns false on a `/` that starts no comment (a division or a
// regular expression), having consumed it.
static bool hawser_ts_skip_space_and_comments(TSLexer *lexer, bool *newline, bool *comment) {
    for (;;) {
        int32_t c = lexer->lookahead;
        if (hawser_ts_is_line_terminator(c)) {
            *newline = true;
            hawser_ts_skip(lexer);
        } else if (hawser_ts_is_space(c)) {
            hawser_ts_skip(lexer);
        } else if (c == '/') {
            hawser_ts_skip(lexer);
            if (lexer->lookahead == '/') {
                *comment = true;
                while (lexer->lookahead != 0 && !hawser_ts_is_line_terminator(lexer->lookahead)) {
                    hawser_ts_skip(lexer);
                }
            } else if (lexer->lookahead == '*') {
                *comment = true;
                hawser_ts_skip(lexer);
                for (;;) {
                    int32_t d = lexer->lookahead;
                    if (d == 0) {
                        return true; // unterminated: the end of input comes next
                    }
                    hawser_ts_skip(lexer);
                    if (d == '*' && lexer->lookahead == '/') {
                        hawser_ts_skip(lexer);
                        break;
                    }
                    if (hawser_ts_is_line_terminator(d)) {
                        *newline = true;
                    }
                }
            } else {
                return false;
            }
        } else {
            return true;
        }
    }
}

// Whether the word at the lookahead (which is 'i') is the operator `in` or `instanceof`, which
// continue the expression on the previous line.
static bool hawser_ts_at_relational_keyword(TSLexer *lexer) {
    char word[sizeof "instanceof" + 1];
    unsigned length = 0;
    while (hawser_ts_is_word_char(lexer->lookahead)) {
        if (length == sizeof word - 1) {
            return false; // longer than either keyword
        }
        word[length++] = lexer->lookahead > 0x7F ? '?' : (char)lexer->lookahead;
        hawser_ts_skip(lexer);
    }
    word[length] = '\0';
    return strcmp(word, "in") == 0 || strcmp(word, "instanceof") == 0;
}

// A zero-width semicolon before the spaces and comments that follow a statement, where
// ECMAScript inserts one: before a `}`, at the end of input, or at a line break that the next
// token cannot continue. *comment tells the caller whether a comment was skipped on the way.
static bool hawser_ts_scan_automatic_semicolon(TSLexer *lexer, const bool *valid_symbols, bool *comment) {
    bool signature = valid_symbols[HAWSER_TS_FUNCTION_SIGNATURE_AUTOMATIC_SEMICOLON];
    lexer->result_symbol = signature ? HAWSER_TS_FUNCTION_SIGNATURE_AUTOMATIC_SEMICOLON : HAWSER_TS_AUTOMATIC_SEMICOLON;
    lexer->mark_end(lexer);

    bool newline = false;
    if (!hawser_ts_skip_space_and_comments(lexer, &newline, comment)) {
        return false;
    }
    int32_t c = lexer->lookahead;
    if (c == 0 || c == '}' || lexer->is_at_included_range_start(lexer)) {
        return true;
    }
    if (!newline) {
        return false;
    }
    // After a line break: the tokens that can only continue the previous line's expression.
    switch (c) {
        case ',': case ':': case ';': case '*': case '%': case '>': case '<': case '=':
        case '[': case '(': case '?': case '^': case '|': case '&': case '/': case '`':
            return false;
        case '{':
            // `function f(): void` then `{` on the next line is a declaration with its body.
            return !signature;
        case '.':
            // A member access continues; a number such as `.5` starts a statement.
            hawser_ts_skip(lexer);
            return iswdigit((wint_t)lexer->lookahead);
        case '+':
        case '-':
            // `++` and `--` start a statement; a binary `+` or `-` continues.
            hawser_ts_skip(lexer);
            return lexer->lookahead == c;
        case '!':
            // A unary `!` starts a statement; `!=` and `!==` continue.
            hawser_ts_skip(lexer);
            return lexer->lookahead != '=';
        case 'i':
            return !hawser_ts_at_relational_keyword(lexer);
        default:
            return true;
    }
}

// The `?` of a conditional expression, as opposed to `??`, `?.` (optional chaining) and the `?` of
// an optional parameter or property (`a?: T`, `(a?) => …`, `(a?, b)`), which the grammar lexes.
static bool hawser_ts_scan_ternary_qmark(TSLexer *lexer) {
    while (hawser_ts_is_space(lexer->lookahead)) {
        hawser_ts_skip(lexer);
    }
    if (lexer->lookahead != '?') {
        return false;
    }
    hawser_ts_advance(lexer);
    if (lexer->lookahead == '?') {
        return false;
    }
    lexer->mark_end(lexer);
    lexer->result_symbol = HAWSER_TS_TERNARY_QMARK;
    if (lexer->lookahead == '.') {
        // `a?.5:b` is a conditional; `a?.b` is optional chaining.
        hawser_ts_advance(lexer);
        return iswdigit((wint_t)lexer->lookahead);
    }
    // What follows only decides; the token stays the `?` marked above.
    while (hawser_ts_is_space(lexer->lookahead)) {
        hawser_ts_advance(lexer);
    }
    int32_t c = lexer->lookahead;
    return c != ':' && c != ')' && c != ',';
}

// `<!--` anywhere, or `-->`, to the end of the line (Annex B's HTML-like comments).
static bool hawser_ts_scan_html_comment(TSLexer *lexer) {
    while (hawser_ts_is_space(lexer->lookahead)) {
        hawser_ts_skip(lexer);
    }
    const char *opening = lexer->lookahead == '<' ? "<!--" : lexer->lookahead == '-' ? "-->" : NULL;
    if (opening == NULL) {
        return false;
    }
    for (const char *p = opening; *p != '\0'; p++) {
        if (lexer->lookahead != *p) {
            return false;
        }
        hawser_ts_advance(lexer);
    }
    while (lexer->lookahead != 0 && !hawser_ts_is_line_terminator(lexer->lookahead)) {
        hawser_ts_advance(lexer);
    }
    lexer->result_symbol = HAWSER_TS_HTML_COMMENT;
    lexer->mark_end(lexer);
    return true;
}

// The text between JSX tags, up to a tag, an expression container or a character reference.
// Text that is only white space spanning a line break is insignificant in JSX, so it is no token
// (the grammar skips it as white space); a space between two elements on one line is text.
static bool hawser_ts_scan_jsx_text(TSLexer *lexer) {
    bool has_chars = false, has_text = false, has_line_break = false;
    for (;;) {
        int32_t c = lexer->lookahead;
        if (c == 0 || c == '<' || c == '>' || c == '{' || c == '}' || c == '&') {
            break;
        }
        if (hawser_ts_is_line_terminator(c)) {
            has_line_break = true;
        } else if (!hawser_ts_is_space(c)) {
            has_text = true;
        }
        has_chars = true;
        hawser_ts_advance(lexer);
    }
    lexer->result_symbol = HAWSER_TS_JSX_TEXT;
    lexer->mark_end(lexer);
    return has_text || (has_chars && !has_line_break);
}

static bool external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid_symbols) {
    (void)payload;
    if (valid_symbols[HAWSER_TS_ERROR_RECOVERY]) {
        return false;
    }
    if (valid_symbols[HAWSER_TS_TEMPLATE_CHARS]) {
        // Inside a template literal nothing else is valid.
        return hawser_ts_scan_template_chars(lexer);
    }
    if (valid_symbols[HAWSER_TS_JSX_TEXT]) {
        // Among a JSX element's children no statement ends and no operator is valid.
        return hawser_ts_scan_jsx_text(lexer);
    }
    if (valid_symbols[HAWSER_TS_AUTOMATIC_SEMICOLON] || valid_symbols[HAWSER_TS_FUNCTION_SIGNATURE_AUTOMATIC_SEMICOLON]) {
        bool comment = false;
        if (hawser_ts_scan_automatic_semicolon(lexer, valid_symbols, &comment)) {
            return true;
        }
        // `a` then `? b : c` on the next line. After a comment the lexer has moved past it, and a
        // token read from there would swallow the comment; the grammar then reads the `?` itself.
        if (!comment && valid_symbols[HAWSER_TS_TERNARY_QMARK] && lexer->lookahead == '?') {
            return hawser_ts_scan_ternary_qmark(lexer);
        }
        return false;
    }
    if (valid_symbols[HAWSER_TS_TERNARY_QMARK]) {
        return hawser_ts_scan_ternary_qmark(lexer);
    }
    // Where a `||`, an escape sequence or a regular expression may come, `<!--` and `-->` are
    // operators or text, not a comment.
    if (valid_symbols[HAWSER_TS_HTML_COMMENT] && !valid_symbols[HAWSER_TS_LOGICAL_OR] &&
        !valid_symbols[HAWSER_TS_ESCAPE_SEQUENCE] && !valid_symbols[HAWSER_TS_REGEX_PATTERN]) {
        return hawser_ts_scan_html_comment(lexer);
    }
    return false;
}

#endif
