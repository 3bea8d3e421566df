// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched run [--lock pv|fixed|glibc] [--stats] -- CMD [ARGS]
 *
 * Runs CMD with libpvsched-preload.so in LD_PRELOAD, so its default
 * pthread mutexes and condition variables run on lock.h
 * (host/preload/README.md). --lock picks the spin rule: pv (default) or
 * fixed (the PV-blind rule, for comparison), or glibc (glibc's locks
 * throughout; the preload only counts). --stats makes every process print
 * its counts on stderr when it exits.
 *
 * Refused with a message, before anything runs: a statically linked CMD
 * (nothing to interpose: it would silently run on glibc's locks) and a
 * set-user-ID or set-group-ID one (the dynamic linker ignores LD_PRELOAD).
 *
 * The preload is $PVSCHED_PRELOAD, else the installed one (../LIBDIR/ from
 * this program's directory), else the one of the build tree.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run.h"

#define EXIT_ERROR 1
#define EXIT_USAGE 2
#define EXIT_NOEXEC 127

static const char run_usage[] =
	"Usage: pvsched run [--lock pv|fixed|glibc] [--stats] -- CMD [ARGS]\n";

static int run_error(int rc, const char *fmt, const char *arg)
{
	fprintf(stderr, "pvsched run: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	if (rc == EXIT_USAGE)
		fputs(run_usage, stderr);
	return rc;
}

static bool readable(const char *path)
{
	return path != NULL && path[0] != '\0' && access(path, R_OK) == 0;
}

/* The preload to use, or NULL. */
static const char *find_preload(char *buf, size_t len)
{
	const char *env = getenv("PVSCHED_PRELOAD");
	char exe[PATH_MAX];
	ssize_t n;
	char *slash;

	if (env != NULL)
		return readable(env) ? env : NULL;
#ifdef PVS_PRELOAD_REL_PATH
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			if (snprintf(buf, len, "%s/%s", exe,
				     PVS_PRELOAD_REL_PATH) < (int)len &&
			    readable(buf))
				return buf;
		}
	}
#else
	(void)exe, (void)n, (void)slash, (void)buf, (void)len;
#endif
#ifdef PVS_PRELOAD_BUILD_PATH
	if (readable(PVS_PRELOAD_BUILD_PATH))
		return PVS_PRELOAD_BUILD_PATH;
#endif
	return NULL;
}

/* CMD as execvp() would find it, or NULL. */
static const char *which(const char *cmd, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;

	if (strchr(cmd, '/') != NULL)
		return access(cmd, X_OK) == 0 ? cmd : NULL;
	for (p = path != NULL ? path : "/usr/bin:/bin"; *p; p = end + 1) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		if (end > p &&
		    snprintf(buf, len, "%.*s/%s", (int)(end - p), p, cmd) <
			    (int)len &&
		    access(buf, X_OK) == 0)
			return buf;
		if (*end == '\0')
			break;
	}
	return NULL;
}

/* 1 a static ELF executable (no dynamic linker), 0 dynamic (or not ELF: a script), -1 error. */
static int is_static_elf(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	int fd = open(path, O_RDONLY | O_CLOEXEC), i, ret = 1;

	if (fd < 0)
		return -1;
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64) {
		close(fd);
		return 0;	/* a script or a 32-bit program: let it run */
	}
	for (i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph),
			  (off_t)(eh.e_phoff + (Elf64_Off)i * eh.e_phentsize)) !=
		    (ssize_t)sizeof(ph))
			break;
		/* PT_INTERP only: a static-pie has PT_DYNAMIC too */
		if (ph.p_type == PT_INTERP) {
			ret = 0;
			break;
		}
	}
	close(fd);
	return ret;
}

static int set_preload(const char *so)
{
	const char *old = getenv("LD_PRELOAD");
	char *v;
	int rc;

	if (old == NULL || old[0] == '\0')
		return setenv("LD_PRELOAD", so, 1);
	if (asprintf(&v, "%s:%s", so, old) < 0)
		return -1;
	rc = setenv("LD_PRELOAD", v, 1);
	free(v);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	char sobuf[PATH_MAX], cmdbuf[PATH_MAX];
	const char *lock = "pv", *so, *cmd;
	bool stats = false;
	struct stat st;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		}
		if (strcmp(argv[i], "--stats") == 0) {
			stats = true;
		} else if (strcmp(argv[i], "--lock") == 0 && i + 1 < argc) {
			lock = argv[++i];
		} else if (strncmp(argv[i], "--lock=", 7) == 0) {
			lock = argv[i] + 7;
		} else if (strcmp(argv[i], "-h") == 0 ||
			   strcmp(argv[i], "--help") == 0) {
			fputs(run_usage, stdout);
			return 0;
		} else if (argv[i][0] == '-') {
			return run_error(EXIT_USAGE, "unknown option '%s'",
					 argv[i]);
		} else {
			break;	/* CMD without "--" */
		}
	}
	if (strcmp(lock, "pv") != 0 && strcmp(lock, "fixed") != 0 &&
	    strcmp(lock, "glibc") != 0)
		return run_error(EXIT_USAGE,
				 "--lock '%s': expected pv, fixed or glibc",
				 lock);
	if (i >= argc)
		return run_error(EXIT_USAGE, "%s", "missing command");
	cmd = which(argv[i], cmdbuf, sizeof(cmdbuf));
	if (cmd == NULL)
		return run_error(EXIT_NOEXEC, "%s: command not found", argv[i]);
	if (is_static_elf(cmd) == 1)
		return run_error(EXIT_ERROR,
				 "%s is statically linked: LD_PRELOAD cannot "
				 "reach its pthread calls, so it would run on "
				 "glibc's locks, not pvsched's", cmd);
	if (stat(cmd, &st) == 0 && (st.st_mode & (S_ISUID | S_ISGID)))
		return run_error(EXIT_ERROR,
				 "%s is set-user-ID or set-group-ID: the "
				 "dynamic linker ignores LD_PRELOAD for it",
				 cmd);
	so = find_preload(sobuf, sizeof(sobuf));
	if (so == NULL)
		return run_error(EXIT_ERROR, "%s",
				 "libpvsched-preload.so not found (set "
				 "PVSCHED_PRELOAD to its path)");
	if (set_preload(so) != 0 || setenv("PVSCHED_LOCK", lock, 1) != 0 ||
	    (stats ? setenv("PVSCHED_LOCK_STATS", "1", 1) :
		     unsetenv("PVSCHED_LOCK_STATS")) != 0)
		return run_error(EXIT_ERROR, "%s", strerror(errno));
	execv(cmd, argv + i);
	return run_error(EXIT_NOEXEC, "%s", strerror(errno));
}
