/* Helpers shared by the subcommands: messages, files, numbers, JSON. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

int tool_fail(const char *cmd, int code, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    (void)vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* one line: a newline inside the message would break it */
    for (char *p = msg; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    fprintf(stderr, "warrules %s: %s\n", cmd, msg);
    return code;
}

#define TOOL_FILE_MAX ((size_t)64 << 20)

int tool_read_file(const char *cmd, const char *path, char **text, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (f == NULL)
        return tool_fail(cmd, TOOL_USAGE, "cannot open '%s': %s", path, strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int rc = TOOL_OK;
    while (buf) {
        if (n + 1 >= cap) {
            if (cap >= TOOL_FILE_MAX) {
                rc = tool_fail(cmd, TOOL_USAGE, "'%s' is larger than 64 MiB", path);
                break;
            }
            char *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f))
                rc = tool_fail(cmd, TOOL_USAGE, "cannot read '%s': %s", path, strerror(errno));
            break;
        }
    }
    if (f != stdin)
        fclose(f);
    if (buf == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory reading '%s'", path);
    if (rc != TOOL_OK) {
        free(buf);
        return rc;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return TOOL_OK;
}

int tool_parse_seed(const char *text, uint64_t *seed)
{
    uint64_t v = 0;
    if (text == NULL || *text == '\0')
        return 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return 0;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *seed = v;
    return 1;
}

int tool_parse_int(const char *text, long long lo, long long hi, int *out)
{
    const char *p = text;
    int neg = 0;
    long long v = 0;
    if (p == NULL)
        return 0;
    if (*p == '-' || *p == '+')
        neg = *p++ == '-';
    if (*p == '\0')
        return 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > 100000000000LL)
            return 0;
        v = v * 10 + (*p - '0');
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

const char *tool_option_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        tool_fail(cmd, TOOL_USAGE, "option %s needs a value (try 'warrules %s --help')", argv[*i],
                  cmd);
        return NULL;
    }
    (*i)++;
    return argv[*i];
}

int tool_load_scenario(const char *cmd, const char *path, tool_scenario *sc)
{
    char *text = NULL;
    size_t len = 0;
    int rc = tool_read_file(cmd, path, &text, &len);
    if (rc != TOOL_OK)
        return rc;
    char err[400];
    rc = tool_scenario_read(text, len, sc, err, sizeof err);
    free(text);
    if (rc != 0)
        return tool_fail(cmd, rc == 2 ? TOOL_USAGE : TOOL_FAILED, "%s:%s", path, err);
    return TOOL_OK;
}

void tool_json_str(FILE *out, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        if (c == '"' || c == '\\') {
            fputc('\\', out);
            fputc(c, out);
        } else if (c == '\n') {
            fputs("\\n", out);
        } else if (c == '\t') {
            fputs("\\t", out);
        } else if (c < 0x20 || c == 0x7f || c >= 0x80) {
            /* bytes beyond ASCII may not be UTF-8: escape them as code points */
            fprintf(out, "\\u00%c%c", hex[c >> 4], hex[c & 15]);
        } else {
            fputc(c, out);
        }
    }
    fputc('"', out);
}

FILE *tool_open_out(const char *cmd, const char *path)
{
    if (strcmp(path, "-") == 0)
        return stdout;
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", path, strerror(errno));
    return f;
}

int tool_close_out(const char *cmd, const char *path, FILE *f)
{
    int bad = ferror(f) != 0;
    if (f == stdout)
        bad |= fflush(f) != 0;
    else
        bad |= fclose(f) != 0;
    if (bad)
        return tool_fail(cmd, TOOL_FAILED, "error writing '%s'", path);
    return TOOL_OK;
}

const char *tool_percent(uint64_t p_e18, char *buf, size_t cap)
{
    /* round to the nearest 10^-4 (hundredths of a percent) */
    uint64_t units = (p_e18 + UINT64_C(50000000000000)) / UINT64_C(100000000000000);
    snprintf(buf, cap, "%u.%02u", (unsigned)(units / 100), (unsigned)(units % 100));
    return buf;
}
