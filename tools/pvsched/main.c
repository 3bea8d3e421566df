// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched: what this machine looks like to the paravirt heuristics, and
 * what they decide here.
 *
 *   pvsched probe [--json] [--sysroot DIR] [--cpuid FILE] [--window MS]
 *   pvsched watch [--interval MS] [--count N] [--sysroot DIR]
 *   pvsched cpuid
 *   pvsched run [--lock pv|fixed|glibc] [--stats] -- CMD [ARGS]
 *   pvsched oracle start [--group NAME] | stop | status [--json]
 *   pvsched --help | --version
 *
 * Exit status: 0 success, 2 usage error, 1 any other error (with a one-line
 * message naming the file that was missing or malformed).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvsched/version.h>

#include "oracle.h"
#include "report.h"
#include "run.h"
#include "watch.h"
#ifdef PVS_HAVE_SIM
#include <pvsched/sim.h>
#endif

#define EXIT_OK 0
#define EXIT_ERROR 1
#define EXIT_USAGE 2

/* Largest --window, ms: a probe is not a benchmark. */
#define MAX_WINDOW_MS 60000u
/* --interval bounds, ms. */
#define MIN_INTERVAL_MS 10u
#define MAX_INTERVAL_MS 3600000u

static const char usage[] =
	"Usage: pvsched <command> [options]\n"
	"\n"
	"Commands:\n"
	"  probe   show the paravirt facts of this machine and what the\n"
	"          heuristics decide here\n"
	"      --json          machine-readable output (docs/probe-json.md)\n"
	"      --sysroot DIR   read /proc and /sys under DIR (a fixture tree)\n"
	"      --cpuid FILE    take CPUID from a dump (`pvsched cpuid`,\n"
	"                      `cpuid -1 -r`); default: DIR/cpuid\n"
	"      --window MS     steal sampling window, 0 = since boot\n"
	"                      (default 100, at most 60000)\n"
	"  watch   live per-CPU steal, runqueue wait and preemption estimate\n"
	"      --interval MS   refresh period (default 1000, 10..3600000)\n"
	"      --count N       stop after N refreshes (default: until Ctrl-C)\n"
	"      --sysroot DIR   as for probe\n"
	"  cpuid   print the CPUID leaves the probe reads (`cpuid -r` format)\n"
	"  run     run a program on pvsched's mutex and condition variable\n"
	"          (`pvsched run [--lock pv|fixed|glibc] [--stats] -- CMD`)\n"
	"  oracle  the owner-on-CPU BPF signal for lock waiters:\n"
	"          `pvsched oracle start [--group NAME] [--dir DIR]\n"
	"          [--no-steal]` (root),\n"
	"          `pvsched oracle stop`, `pvsched oracle status [--json]`\n"
#ifdef PVS_HAVE_SIM
	"  sim     the deterministic simulator: `pvsched sim list`,\n"
	"          `pvsched sim show NAME`, `pvsched sim run NAME [--seed N]\n"
	"          [--iterations K] [--json]` (`pvsched sim --help`)\n"
#endif
	"\n"
	"Options:\n"
	"  -h, --help      show this help\n"
	"  -V, --version   show the version\n"
	"\n"
	"Exit status: 0 ok, 1 error (naming the bad file), 2 usage error.\n";

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "pvsched: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'pvsched --help'.\n");
	return EXIT_USAGE;
}

/* Strict decimal in [lo, hi]. */
static bool arg_uint(const char *s, unsigned int lo, unsigned int hi,
			 unsigned int *v)
{
	unsigned long x = 0;
	const char *p;

	if (s == NULL || *s == '\0')
		return false;
	for (p = s; *p; p++) {
		if (*p < '0' || *p > '9')
			return false;
		x = x * 10 + (unsigned long)(*p - '0');
		if (x > hi)
			return false;
	}
	if (x < lo)
		return false;
	*v = (unsigned int)x;
	return true;
}

static int fail(const char *path, unsigned int line, int rc)
{
	if (path != NULL && path[0] != '\0' && line > 0)
		fprintf(stderr, "pvsched: %s:%u: %s\n", path, line,
			pvs_strerror(rc));
	else if (path != NULL && path[0] != '\0')
		fprintf(stderr, "pvsched: %s: %s\n", path, pvs_strerror(rc));
	else
		fprintf(stderr, "pvsched: %s\n", pvs_strerror(rc));
	return EXIT_ERROR;
}

struct args {
	bool json;
	const char *sysroot;
	const char *cpuid;
	unsigned int window_ms;
	unsigned int interval_ms;
	unsigned int count;
	bool help;
	bool version;
};

/* Every option of every command, indexed by the enum below. */
enum { OPT_JSON, OPT_SYSROOT, OPT_CPUID, OPT_WINDOW, OPT_INTERVAL, OPT_COUNT,
       OPT_HELP, OPT_VERSION, OPT_NR };

/* Its argument: none (sets a bool), a text, a decimal in [lo, hi]. */
enum opt_kind { OPT_KIND_FLAG, OPT_KIND_TEXT, OPT_KIND_UINT };

/* One option: its names, kind, the member of struct args it fills and, for
 * a number, its range and the message for a value outside it. */
struct opt_spec {
	const char *name;
	char short_name;	/* 0: long only */
	enum opt_kind kind;
	size_t off;
	unsigned int lo, hi;
	const char *bad;
};

#define ARG(m) offsetof(struct args, m)

static const struct opt_spec specs[OPT_NR] = {
	[OPT_JSON] = { "json", 0, OPT_KIND_FLAG, ARG(json), 0, 0, NULL },
	[OPT_SYSROOT] = { "sysroot", 0, OPT_KIND_TEXT, ARG(sysroot), 0, 0, NULL },
	[OPT_CPUID] = { "cpuid", 0, OPT_KIND_TEXT, ARG(cpuid), 0, 0, NULL },
	[OPT_WINDOW] = { "window", 0, OPT_KIND_UINT, ARG(window_ms), 0,
			 MAX_WINDOW_MS, "bad --window '%s' (0..60000 ms)" },
	[OPT_INTERVAL] = { "interval", 0, OPT_KIND_UINT, ARG(interval_ms),
			   MIN_INTERVAL_MS, MAX_INTERVAL_MS,
			   "bad --interval '%s' (10..3600000 ms)" },
	[OPT_COUNT] = { "count", 0, OPT_KIND_UINT, ARG(count), 1, 1000000000u,
			"bad --count '%s'" },
	[OPT_HELP] = { "help", 'h', OPT_KIND_FLAG, ARG(help), 0, 0, NULL },
	[OPT_VERSION] = { "version", 'V', OPT_KIND_FLAG, ARG(version), 0, 0,
			  NULL },
};

/* getopt_long()'s value for a long option: OPT_LONG + its index. */
#define OPT_LONG 256

/* The index in specs[] of what getopt_long() returned; -1 if none. */
static int spec_of(int c)
{
	int i;

	for (i = 0; i < OPT_NR; i++)
		if (c == OPT_LONG + i || (c != 0 && c == specs[i].short_name))
			return i;
	return -1;
}

/* Store one option's argument into @a as its spec says. */
static int apply(const struct opt_spec *s, const char *arg, struct args *a)
{
	char *p = (char *)a + s->off;

	if (s->kind == OPT_KIND_FLAG)
		*(bool *)p = true;
	else if (s->kind == OPT_KIND_TEXT)
		*(const char **)p = arg;
	else if (!arg_uint(arg, s->lo, s->hi, (unsigned int *)p))
		return usage_error(s->bad, arg);
	return 0;
}

/* Parse the options after the command; @allowed lists the ones it takes
 * (--help and --version go with every command). */
static int parse(int argc, char **argv, const int *allowed,
		     struct args *a)
{
	struct option opts[OPT_NR + 1];
	int c, i, k, rc;

	memset(opts, 0, sizeof(opts));
	for (i = 0; i < OPT_NR; i++) {
		opts[i].name = specs[i].name;
		opts[i].has_arg = specs[i].kind == OPT_KIND_FLAG ?
				  no_argument : required_argument;
		opts[i].val = OPT_LONG + i;
	}
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		bool ok;

		k = spec_of(c);
		ok = k == OPT_HELP || k == OPT_VERSION;
		for (i = 0; allowed[i] != OPT_NR; i++)
			ok |= allowed[i] == k;
		if (k < 0 || !ok)
			return usage_error("unknown or misused option '%s'",
					       argv[optind - 1]);
		rc = apply(&specs[k], optarg, a);
		if (rc != 0)
			return rc;
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

static int cmd_probe(const struct args *a)
{
	struct report *r = calloc(1, sizeof(*r));
	int rc;

	if (r == NULL)
		return fail(NULL, 0, -PVS_ENOMEM);
	rc = report_gather(r, a->sysroot, a->cpuid, a->window_ms);
	if (rc < 0) {
		rc = fail(r->ctx.bad_path, r->ctx.bad_line, rc);
	} else {
		if (a->json)
			report_json(r, stdout);
		else
			report_text(r, stdout);
		rc = fflush(stdout) == 0 ? EXIT_OK :
					   fail("<stdout>", 0, -PVS_EIO);
	}
	report_free(r);
	free(r);
	return rc;
}

static int cmd_watch(const struct args *a)
{
	char err[PVPROBE_PATH_MAX] = "";
	int rc = watch(a->sysroot, a->interval_ms, a->count, stdout, err,
			   sizeof(err));

	return rc < 0 ? fail(err, 0, rc) : EXIT_OK;
}

static void pvprobe_cpuid_line(uint32_t leaf)
{
	uint32_t r[4];

	pvprobe_cpuid_native(NULL, leaf, 0, r);
	printf("   0x%08x 0x00: eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x\n",
	       leaf, r[0], r[1], r[2], r[3]);
}

/* The leaves pvprobe_x86_hv_decode() reads, so a dump reproduces this host. */
static int cmd_cpuid(void)
{
	uint32_t r[4], base;

	if (pvprobe_cpuid_native(NULL, 0, 0, r) < 0)
		return fail(NULL, 0, -PVS_ENOTSUP);
	printf("CPU:\n");
	pvprobe_cpuid_line(0);
	pvprobe_cpuid_line(1);
	pvprobe_cpuid_native(NULL, 1, 0, r);
	if (!((r[2] >> 31) & 1u))
		return EXIT_OK;
	for (base = PVPROBE_CPUID_HV_FIRST; base <= PVPROBE_CPUID_HV_LAST;
	     base += PVPROBE_CPUID_HV_STEP) {
		pvprobe_cpuid_native(NULL, base, 0, r);
		if ((r[0] | r[1] | r[2] | r[3]) == 0)
			continue;
		pvprobe_cpuid_line(base);
		pvprobe_cpuid_line(base + 1);
	}
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	/* Each list ends with OPT_NR. */
	static const int probe_opts[] = { OPT_JSON, OPT_SYSROOT,
					  OPT_CPUID, OPT_WINDOW, OPT_NR };
	static const int watch_opts[] = { OPT_INTERVAL, OPT_COUNT,
					  OPT_SYSROOT, OPT_NR };
	static const int no_opts[] = { OPT_NR };
	struct args a;
	const char *cmd;
	int rc;

	memset(&a, 0, sizeof(a));
	a.window_ms = 100;
	a.interval_ms = 1000;
	if (argc < 2)
		return usage_error("%s", "missing command");
	cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
		printf("pvsched %s\n", pvs_version_string());
		return EXIT_OK;
	}
	if (strcmp(cmd, "oracle") == 0)
		return cmd_oracle(argc - 1, argv + 1);
#ifdef PVS_HAVE_SIM
	if (strcmp(cmd, "sim") == 0) {
		/* argv[1] is "sim": let the simulator's messages say "pvsched sim" */
		argv[1] = (char *)"pvsched sim";
		return pvsim_main(argc - 1, argv + 1, stdout, stderr);
	}
#endif
	if (strcmp(cmd, "run") == 0)
		return cmd_run(argc - 1, argv + 1);
	if (strcmp(cmd, "probe") == 0)
		rc = parse(argc - 1, argv + 1, probe_opts, &a);
	else if (strcmp(cmd, "watch") == 0)
		rc = parse(argc - 1, argv + 1, watch_opts, &a);
	else if (strcmp(cmd, "cpuid") == 0)
		rc = parse(argc - 1, argv + 1, no_opts, &a);
	else
		return usage_error("unknown command '%s'", cmd);
	if (rc != 0)
		return rc;
	if (a.help) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	if (a.version) {
		printf("pvsched %s\n", pvs_version_string());
		return EXIT_OK;
	}
	if (strcmp(cmd, "probe") == 0)
		return cmd_probe(&a);
	if (strcmp(cmd, "watch") == 0)
		return cmd_watch(&a);
	return cmd_cpuid();
}
