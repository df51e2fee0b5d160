/* Helpers shared by the subcommands: messages, files, numbers, JSON. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <fcntl.h>
#include <poll.h>
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

/* How long the tool waits for the other end of a FIFO (a writer for an
   input, a reader for an output) before it gives up, in milliseconds. */
#define TOOL_FIFO_WAIT_MS 5000
#define TOOL_FIFO_POLL_MS 20

static void pause_ms(int ms)
{
    (void)poll(NULL, 0, ms);
}

/* The first bytes of a FIFO opened without blocking: a writer that is there
   (or blocked opening it) is read as from any pipe; with none, the tool
   waits TOOL_FIFO_WAIT_MS for one rather than blocking forever. Reads into
   buf (cap bytes); *got the count; 0, or an errno (ETIMEDOUT: no writer). */
static int fifo_first_read(int fd, char *buf, size_t cap, size_t *got)
{
    for (int waited = 0;; waited += TOOL_FIFO_POLL_MS) {
        ssize_t n = read(fd, buf, cap);
        if (n > 0) {
            *got = (size_t)n;
            return 0;
        }
        if (n < 0 && errno == EAGAIN) { /* a writer, no data yet: wait for it as for a pipe */
            *got = 0;
            return 0;
        }
        if (n < 0 && errno != EINTR)
            return errno;
        if (waited >= TOOL_FIFO_WAIT_MS) /* no writer came */
            return ETIMEDOUT;
        pause_ms(TOOL_FIFO_POLL_MS);
    }
}

int tool_read_file(const char *cmd, const char *path, char **text, size_t *len)
{
    FILE *f = stdin;
    int fifo = 0;
    if (strcmp(path, "-") != 0) {
        /* without blocking: opening a FIFO for reading waits for a writer */
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        struct stat st;
        if (fd < 0)
            return tool_fail(cmd, TOOL_USAGE, "cannot open '%s': %s", path, strerror(errno));
        fifo = fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode);
        if (!fifo) {
            int flags = fcntl(fd, F_GETFL);
            if (flags >= 0)
                (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
        }
        f = fdopen(fd, "rb");
        if (f == NULL) {
            int e = errno;
            close(fd);
            return tool_fail(cmd, TOOL_FAILED, "cannot read '%s': %s", path, strerror(e));
        }
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    int rc = TOOL_OK;
    if (buf && fifo) {
        int fd = fileno(f);
        int e = fifo_first_read(fd, buf, cap - 1, &n);
        int flags = fcntl(fd, F_GETFL);
        if (flags >= 0)
            (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
        if (e == ETIMEDOUT)
            rc = tool_fail(cmd, TOOL_USAGE,
                           "'%s' is a FIFO that no process writes to (waited %d s for one)", path,
                           TOOL_FIFO_WAIT_MS / 1000);
        else if (e != 0)
            rc = tool_fail(cmd, TOOL_USAGE, "cannot read '%s': %s", path, strerror(e));
    }
    while (buf && rc == TOOL_OK) {
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

int tool_apply_setting(const char *cmd, const tool_optuse *u, const char *option,
                       const char *setting, tool_scenario *sc)
{
    char err[400];
    sc->set_position = u->position;
    int rc = tool_scenario_set(sc, setting, err, sizeof err);
    sc->set_position = 0;
    if (rc != 0)
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s %s: %s", u->position, option, u->value,
                         err);
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

int tool_scenario_alloc(const char *cmd, tool_scenario **sc)
{
    *sc = malloc(sizeof **sc);
    if (*sc == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    tool_scenario_init(*sc);
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

/* The file an output named `path` goes to, in target (cap bytes): a
   symbolic link is followed, link by link (at most 40), to the file it
   names, which need not exist yet; the folder of that file is resolved
   (realpath), so that the temporary file beside it, and the rename, happen
   there. 0, or an errno. */
static int out_target(const char *path, char *target, size_t cap)
{
    char cur[PATH_MAX], link[PATH_MAX], dir[PATH_MAX];
    if (strlen(path) >= sizeof cur)
        return ENAMETOOLONG;
    strcpy(cur, path);
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0) {
            if (errno != ENOENT)
                return errno;
            break; /* a new file */
        }
        if (!S_ISLNK(st.st_mode))
            break;
        if (hops == 40)
            return ELOOP;
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0)
            return errno;
        link[n] = '\0';
        if (link[0] == '/') {
            strcpy(cur, link);
            continue;
        }
        char *slash = strrchr(cur, '/');
        size_t keep = slash ? (size_t)(slash - cur) + 1 : 0; /* the link's folder, with its '/' */
        if (keep + (size_t)n >= sizeof cur)
            return ENAMETOOLONG;
        memmove(cur + keep, link, (size_t)n + 1);
    }
    const char *base = strrchr(cur, '/');
    base = base ? base + 1 : cur;
    if (*base == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0) {
        /* a folder ("out/", "..."): named as it is, refused once it is seen to be one */
        if (strlen(cur) >= cap)
            return ENAMETOOLONG;
        strcpy(target, cur);
        return 0;
    }
    size_t dir_len = (size_t)(base - cur);
    if (dir_len == 0) {
        strcpy(dir, ".");
    } else {
        memcpy(dir, cur, dir_len);
        dir[dir_len] = '\0';
    }
    char resolved[PATH_MAX];
    if (realpath(dir, resolved) == NULL)
        return errno;
    int w = snprintf(target, cap, "%s%s%s", resolved, strcmp(resolved, "/") == 0 ? "" : "/", base);
    return w < 0 || (size_t)w >= cap ? ENAMETOOLONG : 0;
}

/* A FIFO opened for writing without blocking (which fails while no process
   reads it): the tool waits TOOL_FIFO_WAIT_MS for a reader. An fd or -1. */
static int open_fifo_for_writing(const char *path)
{
    for (int waited = 0;; waited += TOOL_FIFO_POLL_MS) {
        int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd >= 0) {
            int flags = fcntl(fd, F_GETFL);
            if (flags >= 0)
                (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
            return fd;
        }
        if (errno != ENXIO && errno != EINTR)
            return -1;
        if (waited >= TOOL_FIFO_WAIT_MS) {
            errno = ENXIO;
            return -1;
        }
        pause_ms(TOOL_FIFO_POLL_MS);
    }
}

int tool_out_open(const char *cmd, const char *path, tool_out *o)
{
    memset(o, 0, sizeof *o);
    o->path = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return TOOL_OK;
    }
    char target[2 * PATH_MAX];
    int e = out_target(path, target, sizeof target);
    if (e != 0)
        return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", path, strerror(e));
    struct stat st;
    int exists = stat(target, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", path, strerror(EISDIR));
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device, a FIFO: written straight into, never replaced by a file */
        int fd = S_ISFIFO(st.st_mode) ? open_fifo_for_writing(target)
                                      : open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) {
            e = errno;
            if (e == ENXIO && S_ISFIFO(st.st_mode))
                return tool_fail(cmd, TOOL_USAGE,
                                 "cannot write '%s': a FIFO that no process reads (waited %d s "
                                 "for one)",
                                 path, TOOL_FIFO_WAIT_MS / 1000);
            return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", path, strerror(e));
        }
        o->f = fdopen(fd, "wb");
        if (o->f == NULL) {
            e = errno;
            close(fd);
            return tool_fail(cmd, TOOL_FAILED, "cannot write '%s': %s", path, strerror(e));
        }
        o->direct = 1;
        return TOOL_OK;
    }
    size_t n = strlen(target) + 16;
    o->tmp = malloc(n);
    o->target = malloc(n);
    if (o->tmp == NULL || o->target == NULL) {
        free(o->tmp);
        free(o->target);
        o->tmp = o->target = NULL;
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    strcpy(o->target, target);
    snprintf(o->tmp, n, "%s.tmp-XXXXXX", target);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {
        /* mkstemp makes the file private: give it the mode of the file it
           replaces, or the one fopen would give a new file */
        mode_t mask = umask(0);
        umask(mask);
        (void)fchmod(fd, exists ? (mode_t)(st.st_mode & 07777) : (mode_t)(0666 & ~mask));
        o->f = fdopen(fd, "wb");
    }
    if (o->f == NULL) {
        e = errno;
        if (fd >= 0) {
            close(fd);
            remove(o->tmp);
        }
        free(o->tmp);
        free(o->target);
        o->tmp = o->target = NULL;
        return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", path, strerror(e));
    }
    return TOOL_OK;
}

static void out_free(tool_out *o)
{
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
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
    if (o->direct) {
        o->direct = 0;
        return bad ? tool_fail(cmd, TOOL_FAILED, "error writing '%s'", o->path) : TOOL_OK;
    }
    if (!bad && rename(o->tmp, o->target) != 0) {
        int e = errno;
        remove(o->tmp);
        out_free(o);
        return tool_fail(cmd, TOOL_USAGE, "cannot write '%s': %s", o->path, strerror(e));
    }
    if (bad)
        remove(o->tmp);
    out_free(o);
    return bad ? tool_fail(cmd, TOOL_FAILED, "error writing '%s'", o->path) : TOOL_OK;
}

void tool_out_abandon(tool_out *o)
{
    if (o->f && o->f != stdout) {
        fclose(o->f);
        if (!o->direct)
            remove(o->tmp);
    }
    out_free(o);
    o->f = NULL;
    o->direct = 0;
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
