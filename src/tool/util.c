/* Helpers shared by the subcommands: messages, files, numbers, JSON. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include "lex.h"
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

int tool_scenario_operand(const char *cmd, const tool_args *a, int opt_scenario,
                          const char **path)
{
    int rc = tool_args_one_operand(cmd, a, "scenario file", path);
    const char *named = tool_args_value(a, opt_scenario);
    if (rc == TOOL_OK && named && *path)
        rc = tool_fail(cmd, TOOL_USAGE, "one scenario file only ('%s' and --scenario '%s')", *path,
                       named);
    if (rc == TOOL_OK && named)
        *path = named;
    return rc;
}

int tool_apply_setting(const char *cmd, const tool_optuse *u, const char *option,
                       const char *setting, tool_scenario *sc)
{
    char err[400];
    sc->set_position = u->position;
    int rc = tool_scenario_set(sc, setting, err, sizeof err);
    sc->set_position = 0;
    if (rc != 0)
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s %s: %s", u->position, option,
                         u->value, err);
    return TOOL_OK;
}

int tool_apply_sets(const char *cmd, const tool_args *a, int opt_set, tool_scenario *sc)
{
    for (size_t i = 0; i < a->n_uses; i++)
        if (a->uses[i].opt == opt_set) {
            int rc = tool_apply_setting(cmd, &a->uses[i], "set", a->uses[i].value, sc);
            if (rc != TOOL_OK)
                return rc;
        }
    return TOOL_OK;
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
    char section[64];
    size_t line = 0;
    int is_map = rc == 2 && tool_first_section(text, len, section, sizeof section, &line) &&
                 strcmp(section, "terrain") == 0;
    free(text);
    if (is_map)
        return tool_fail(cmd, TOOL_USAGE,
                         "%s:%zu:1: a map file (it opens with [terrain]), not a scenario "
                         "(give a map with --map FILE)",
                         path, line);
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

int tool_out_open(const char *cmd, const char *path, tool_out *o)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return TOOL_OK;
    }
    size_t n = strlen(path) + 16;
    o->tmp = malloc(n);
    if (o->tmp == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    snprintf(o->tmp, n, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {
        /* mkstemp makes the file private: give it the mode fopen would */
        mode_t mask = umask(0);
        umask(mask);
        (void)fchmod(fd, (mode_t)(0666 & ~mask));
        o->f = fdopen(fd, "wb");
    }
    if (o->f == NULL) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            remove(o->tmp);
        }
        free(o->tmp);
        o->tmp = NULL;
        return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", path, strerror(e));
    }
    return TOOL_OK;
}

int tool_out_commit(const char *cmd, tool_out *o)
{
    if (o->f == NULL)
        return TOOL_OK;
    int bad = ferror(o->f) != 0;
    if (o->f == stdout) {
        bad |= fflush(stdout) != 0;
        o->f = NULL;
        return bad ? tool_fail(cmd, TOOL_FAILED, "error writing standard output") : TOOL_OK;
    }
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) != 0) {
        int e = errno;
        remove(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", o->path, strerror(e));
    }
    if (bad)
        remove(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return bad ? tool_fail(cmd, TOOL_FAILED, "error writing '%s'", o->path) : TOOL_OK;
}

void tool_out_abandon(tool_out *o)
{
    if (o->f && o->f != stdout) {
        fclose(o->f);
        remove(o->tmp);
    }
    free(o->tmp);
    o->tmp = NULL;
    o->f = NULL;
}

int tool_out_finish(const char *cmd, tool_out *o, int rc)
{
    /* the text on standard output is part of the command's success */
    if (rc == TOOL_OK && o->f != stdout && (fflush(stdout) != 0 || ferror(stdout)))
        rc = tool_fail(cmd, TOOL_FAILED, "error writing standard output");
    if (rc != TOOL_OK) {
        tool_out_abandon(o);
        return rc;
    }
    return tool_out_commit(cmd, o);
}

const char *tool_where(const char *path, int line, char *buf, size_t cap)
{
    if (path && line > 0)
        snprintf(buf, cap, "%s:%d:1: ", path, line);
    else if (line < 0)
        snprintf(buf, cap, "argument %d: ", -line);
    else
        buf[0] = '\0';
    return buf;
}

const char *tool_lib_detail(wr_status st)
{
    const char *detail = wr_last_error();
    return detail && detail[0] ? detail : wr_status_str(st);
}

int tool_first_section(const char *text, size_t len, char *name, size_t cap, size_t *line)
{
    tool_lex lx;
    tool_line ln;
    tool_lex_init(&lx, text, len);
    while (tool_lex_line(&lx, &ln)) {
        size_t first = tool_line_skip_blanks(&ln, 0);
        if (first >= ln.n)
            continue;
        if (ln.s[first] != '[')
            return 0;
        size_t end = first + 1;
        while (end < ln.n && ln.s[end] != ']' && ln.s[end] != ' ' && ln.s[end] != '\t')
            end++;
        tool_tok_show(ln.s + first + 1, end - first - 1, name, cap);
        *line = ln.number;
        return 1;
    }
    return 0;
}

const char *tool_percent(uint64_t p_e18, char *buf, size_t cap)
{
    /* round to the nearest 10^-4 (hundredths of a percent) */
    uint64_t units = (p_e18 + UINT64_C(50000000000000)) / UINT64_C(100000000000000);
    snprintf(buf, cap, "%u.%02u", (unsigned)(units / 100), (unsigned)(units % 100));
    return buf;
}
