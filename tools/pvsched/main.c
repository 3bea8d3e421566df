// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched: what this machine looks like to the paravirt heuristics, and
 * what they decide here.
 *
 *   pvsched probe [--json] [--sysroot DIR] [--cpuid FILE] [--window MS]
 *   pvsched watch [--interval MS] [--count N] [--sysroot DIR]
 *   pvsched cpuid
 *   pvsched --help | --version
 *
 * Exit status: 0 success, 2 usage error, 1 any other error (with a one-line
 * message naming the file that was missing or malformed).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvsched/version.h>

#include "report.h"
#include "watch.h"
#ifdef PVS_HAVE_SIM
#include "sim.h"
#endif

#define PVS_EXIT_OK 0
#define PVS_EXIT_ERROR 1
#define PVS_EXIT_USAGE 2

/* Largest --window, ms: a probe is not a benchmark. */
#define PVS_MAX_WINDOW_MS 60000u
/* --interval bounds, ms. */
#define PVS_MIN_INTERVAL_MS 10u
#define PVS_MAX_INTERVAL_MS 3600000u

static const char pvs_usage[] =
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

static int pvs_usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "pvsched: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'pvsched --help'.\n");
	return PVS_EXIT_USAGE;
}

/* Strict decimal in [lo, hi]. */
static bool pvs_arg_uint(const char *s, unsigned int lo, unsigned int hi,
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

static int pvs_fail(const char *path, unsigned int line, int rc)
{
	if (path != NULL && path[0] != '\0' && line > 0)
		fprintf(stderr, "pvsched: %s:%u: %s\n", path, line,
			pvs_strerror(rc));
	else if (path != NULL && path[0] != '\0')
		fprintf(stderr, "pvsched: %s: %s\n", path, pvs_strerror(rc));
	else
		fprintf(stderr, "pvsched: %s\n", pvs_strerror(rc));
	return PVS_EXIT_ERROR;
}

enum { PVS_OPT_JSON = 256, PVS_OPT_SYSROOT, PVS_OPT_CPUID, PVS_OPT_WINDOW,
       PVS_OPT_INTERVAL, PVS_OPT_COUNT };

static const struct option pvs_opts[] = {
	{ "json", no_argument, NULL, PVS_OPT_JSON },
	{ "sysroot", required_argument, NULL, PVS_OPT_SYSROOT },
	{ "cpuid", required_argument, NULL, PVS_OPT_CPUID },
	{ "window", required_argument, NULL, PVS_OPT_WINDOW },
	{ "interval", required_argument, NULL, PVS_OPT_INTERVAL },
	{ "count", required_argument, NULL, PVS_OPT_COUNT },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

struct pvs_args {
	bool json;
	const char *sysroot;
	const char *cpuid;
	unsigned int window_ms;
	unsigned int interval_ms;
	unsigned int count;
	bool help;
	bool version;
};

/* Parse the options after the command; @allowed lists the ones it takes. */
static int pvs_parse(int argc, char **argv, const int *allowed,
		     struct pvs_args *a)
{
	int c, i;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hV", pvs_opts, NULL)) != -1) {
		bool ok = c == 'h' || c == 'V';

		for (i = 0; allowed[i] != 0; i++)
			ok |= allowed[i] == c;
		if (c == '?' || c == ':' || !ok)
			return pvs_usage_error("unknown or misused option '%s'",
					       argv[optind - 1]);
		switch (c) {
		case 'h':
			a->help = true;
			break;
		case 'V':
			a->version = true;
			break;
		case PVS_OPT_JSON:
			a->json = true;
			break;
		case PVS_OPT_SYSROOT:
			a->sysroot = optarg;
			break;
		case PVS_OPT_CPUID:
			a->cpuid = optarg;
			break;
		case PVS_OPT_WINDOW:
			if (!pvs_arg_uint(optarg, 0, PVS_MAX_WINDOW_MS,
					  &a->window_ms))
				return pvs_usage_error(
					"bad --window '%s' (0..60000 ms)",
					optarg);
			break;
		case PVS_OPT_INTERVAL:
			if (!pvs_arg_uint(optarg, PVS_MIN_INTERVAL_MS,
					  PVS_MAX_INTERVAL_MS, &a->interval_ms))
				return pvs_usage_error(
					"bad --interval '%s' (10..3600000 ms)",
					optarg);
			break;
		case PVS_OPT_COUNT:
			if (!pvs_arg_uint(optarg, 1, 1000000000u, &a->count))
				return pvs_usage_error("bad --count '%s'",
						       optarg);
			break;
		}
	}
	if (optind < argc)
		return pvs_usage_error("unexpected argument '%s'",
				       argv[optind]);
	return 0;
}

static int pvs_cmd_probe(const struct pvs_args *a)
{
	struct pvs_report *r = calloc(1, sizeof(*r));
	int rc;

	if (r == NULL)
		return pvs_fail(NULL, 0, -PVS_ENOMEM);
	rc = pvs_report_gather(r, a->sysroot, a->cpuid, a->window_ms);
	if (rc < 0) {
		rc = pvs_fail(r->ctx.bad_path, r->ctx.bad_line, rc);
	} else {
		if (a->json)
			pvs_report_json(r, stdout);
		else
			pvs_report_text(r, stdout);
		rc = fflush(stdout) == 0 ? PVS_EXIT_OK :
					   pvs_fail("<stdout>", 0, -PVS_EIO);
	}
	pvs_report_free(r);
	free(r);
	return rc;
}

static int pvs_cmd_watch(const struct pvs_args *a)
{
	char err[PVS_PROBE_PATH_MAX] = "";
	int rc = pvs_watch(a->sysroot, a->interval_ms, a->count, stdout, err,
			   sizeof(err));

	return rc < 0 ? pvs_fail(err, 0, rc) : PVS_EXIT_OK;
}

static void pvs_cpuid_line(uint32_t leaf)
{
	uint32_t r[4];

	pvs_cpuid_native(NULL, leaf, 0, r);
	printf("   0x%08x 0x00: eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x\n",
	       leaf, r[0], r[1], r[2], r[3]);
}

/* The leaves pvs_x86_hv_decode() reads, so a dump reproduces this host. */
static int pvs_cmd_cpuid(void)
{
	uint32_t r[4], base;

	if (pvs_cpuid_native(NULL, 0, 0, r) < 0)
		return pvs_fail(NULL, 0, -PVS_ENOTSUP);
	printf("CPU:\n");
	pvs_cpuid_line(0);
	pvs_cpuid_line(1);
	pvs_cpuid_native(NULL, 1, 0, r);
	if (!((r[2] >> 31) & 1u))
		return PVS_EXIT_OK;
	for (base = PVS_CPUID_HV_FIRST; base <= PVS_CPUID_HV_LAST;
	     base += PVS_CPUID_HV_STEP) {
		pvs_cpuid_native(NULL, base, 0, r);
		if ((r[0] | r[1] | r[2] | r[3]) == 0)
			continue;
		pvs_cpuid_line(base);
		pvs_cpuid_line(base + 1);
	}
	return PVS_EXIT_OK;
}

int main(int argc, char **argv)
{
	static const int probe_opts[] = { PVS_OPT_JSON, PVS_OPT_SYSROOT,
					  PVS_OPT_CPUID, PVS_OPT_WINDOW, 0 };
	static const int watch_opts[] = { PVS_OPT_INTERVAL, PVS_OPT_COUNT,
					  PVS_OPT_SYSROOT, 0 };
	static const int no_opts[] = { 0 };
	struct pvs_args a;
	const char *cmd;
	int rc;

	memset(&a, 0, sizeof(a));
	a.window_ms = 100;
	a.interval_ms = 1000;
	if (argc < 2)
		return pvs_usage_error("%s", "missing command");
	cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
		fputs(pvs_usage, stdout);
		return PVS_EXIT_OK;
	}
	if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0) {
		printf("pvsched %s\n", pvs_version_string());
		return PVS_EXIT_OK;
	}
#ifdef PVS_HAVE_SIM
	if (strcmp(cmd, "sim") == 0) {
		/* argv[1] is "sim": let the simulator's messages say "pvsched sim" */
		argv[1] = (char *)"pvsched sim";
		return pvs_sim_main(argc - 1, argv + 1, stdout, stderr);
	}
#endif
	if (strcmp(cmd, "probe") == 0)
		rc = pvs_parse(argc - 1, argv + 1, probe_opts, &a);
	else if (strcmp(cmd, "watch") == 0)
		rc = pvs_parse(argc - 1, argv + 1, watch_opts, &a);
	else if (strcmp(cmd, "cpuid") == 0)
		rc = pvs_parse(argc - 1, argv + 1, no_opts, &a);
	else
		return pvs_usage_error("unknown command '%s'", cmd);
	if (rc != 0)
		return rc;
	if (a.help) {
		fputs(pvs_usage, stdout);
		return PVS_EXIT_OK;
	}
	if (a.version) {
		printf("pvsched %s\n", pvs_version_string());
		return PVS_EXIT_OK;
	}
	if (strcmp(cmd, "probe") == 0)
		return pvs_cmd_probe(&a);
	if (strcmp(cmd, "watch") == 0)
		return pvs_cmd_watch(&a);
	return pvs_cmd_cpuid();
}
