/* Line and token scanning shared by the map and scenario readers: text with
   a length (not NUL-terminated, may hold any byte), '#' comments, positions
   as 1-based line and column for error messages. */
#ifndef WARRULES_TOOL_LEX_H
#define WARRULES_TOOL_LEX_H

#include <stddef.h>

/* One line: its bytes without the comment and trailing blanks. */
typedef struct tool_line {
    const char *s;
    size_t n;
    size_t number; /* 1-based */
} tool_line;

/* One token: its bytes and its 1-based column. */
typedef struct tool_tok {
    const char *s;
    size_t n;
    size_t col;
} tool_tok;

typedef struct tool_lex {
    const char *text;
    size_t len;
    size_t pos;
    size_t line;
} tool_lex;

void tool_lex_init(tool_lex *lx, const char *text, size_t len);

/* The next line (comment from '#' removed, CR and trailing blanks trimmed);
   0 at the end of the text. */
int tool_lex_line(tool_lex *lx, tool_line *out);

/* The next token of a line from *pos, separated by blanks and, when `sep`
   is non-zero, by that character too (which is skipped); 0 when none. */
int tool_line_token(const tool_line *ln, size_t *pos, char sep, tool_tok *out);

/* The first position after leading blanks from pos. */
size_t tool_line_skip_blanks(const tool_line *ln, size_t pos);

/* Whether a token equals a word (ASCII case-insensitive). */
int tool_tok_is(const tool_tok *t, const char *word);

/* A token as printable text for a message: at most 40 bytes shown, other
   bytes than printable ASCII as \xNN, NUL-terminated in buf (cap >= 16). */
const char *tool_tok_show(const char *s, size_t n, char *buf, size_t cap);

/* A decimal integer with an optional sign, within lo..hi; 1 on success. */
int tool_tok_int(const char *s, size_t n, long long lo, long long hi, long long *out);

/* "C,R": two non-negative decimals; 1 on success. */
int tool_tok_pair(const char *s, size_t n, long long *a, long long *b);

/* Writes "LINE:COL: message" into err (nothing when err is NULL or cap 0). */
void tool_errf(char *err, size_t cap, size_t line, size_t col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

#endif
