/* Line and token scanning for the tool's text formats. */
#include "lex.h"

#include <stdarg.h>
#include <stdio.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

void tool_lex_init(tool_lex *lx, const char *text, size_t len)
{
    lx->text = text;
    lx->len = text ? len : 0;
    lx->pos = 0;
    lx->line = 0;
}

int tool_lex_line(tool_lex *lx, tool_line *out)
{
    if (lx->pos >= lx->len)
        return 0;
    const char *start = lx->text + lx->pos;
    size_t n = 0, rest = lx->len - lx->pos;
    while (n < rest && start[n] != '\n')
        n++;
    lx->pos += n < rest ? n + 1 : n;
    lx->line++;
    size_t keep = 0;
    while (keep < n && start[keep] != '#')
        keep++;
    while (keep > 0 && is_blank(start[keep - 1]))
        keep--;
    out->s = start;
    out->n = keep;
    out->number = lx->line;
    return 1;
}

size_t tool_line_skip_blanks(const tool_line *ln, size_t pos)
{
    while (pos < ln->n && is_blank(ln->s[pos]))
        pos++;
    return pos;
}

int tool_line_token(const tool_line *ln, size_t *pos, char sep, tool_tok *out)
{
    size_t p = *pos;
    while (p < ln->n && (is_blank(ln->s[p]) || (sep && ln->s[p] == sep)))
        p++;
    if (p >= ln->n) {
        *pos = p;
        return 0;
    }
    size_t start = p;
    while (p < ln->n && !is_blank(ln->s[p]) && !(sep && ln->s[p] == sep))
        p++;
    out->s = ln->s + start;
    out->n = p - start;
    out->col = start + 1;
    *pos = p;
    return 1;
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

int tool_tok_is(const tool_tok *t, const char *word)
{
    size_t i = 0;
    for (; i < t->n; i++)
        if (word[i] == '\0' || lower(t->s[i]) != lower(word[i]))
            return 0;
    return word[i] == '\0';
}

const char *tool_tok_show(const char *s, size_t n, char *buf, size_t cap)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    if (cap == 0)
        return "";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i >= 40 || o + 8 >= cap) {
            if (o + 4 < cap) {
                buf[o++] = '.';
                buf[o++] = '.';
                buf[o++] = '.';
            }
            break;
        }
        if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
            buf[o++] = (char)c;
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[c >> 4];
            buf[o++] = hex[c & 15];
        }
    }
    buf[o] = '\0';
    return buf;
}

int tool_tok_int(const char *s, size_t n, long long lo, long long hi, long long *out)
{
    size_t i = 0;
    int neg = 0;
    if (n == 0)
        return 0;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        i = 1;
    }
    if (i >= n)
        return 0;
    long long v = 0;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        if (v > 100000000000LL) /* far beyond every range the tool takes */
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int tool_tok_pair(const char *s, size_t n, long long *a, long long *b)
{
    size_t comma = 0;
    while (comma < n && s[comma] != ',')
        comma++;
    if (comma == n)
        return 0;
    long long x = 0, y = 0;
    if (!tool_tok_int(s, comma, 0, 1000000000LL, &x) ||
        !tool_tok_int(s + comma + 1, n - comma - 1, 0, 1000000000LL, &y))
        return 0;
    if (s[0] == '+' || s[comma + 1] == '+')
        return 0;
    *a = x;
    *b = y;
    return 1;
}

void tool_errf(char *err, size_t cap, size_t line, size_t col, const char *fmt, ...)
{
    if (err == NULL || cap == 0)
        return;
    int head = snprintf(err, cap, "%zu:%zu: ", line, col);
    if (head < 0 || (size_t)head >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    (void)vsnprintf(err + head, cap - (size_t)head, fmt, ap);
    va_end(ap);
}
