// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pvsched oracle start [--group NAME] [--dir DIR] [--no-steal]
 * pvsched oracle stop [--dir DIR]
 * pvsched oracle status [--dir DIR] [--json]
 *
 * start (root) loads the owner-on-CPU BPF program, attaches it to
 * sched_switch and pins its frozen map and its link under DIR (default
 * /sys/fs/bpf/pvsched), readable by root and, with --group, that group;
 * stop removes the pins (the program detaches); status shows what a
 * waiter would see. Exit status: 0 ok, 1 error (status: not pinned),
 * 2 usage.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pvsched/errors.h>

#include "oracle.h"
#ifdef PVS_HAVE_RT
#include <pvsched/oracle.h>
#endif

#define EXIT_OK 0
#define EXIT_ERROR 1
#define EXIT_USAGE 2

void owner_signal_probe(struct owner_signal *s, const char *sysroot)
{
	memset(s, 0, sizeof(*s));
	s->source = "none";
#ifdef PVS_HAVE_RT
	{
		char dir[4096];
		struct pvrt_oracle *o = NULL;
		enum pvrt_oracle_why why = PVRT_ORACLE_NOT_PINNED;

		snprintf(dir, sizeof(dir), "%s%s", sysroot ? sysroot : "",
			 PVRT_ORACLE_PIN_DIR);
		if (pvrt_oracle_open_pinned(&o, dir, &why) == 0) {
			s->source = "pinned";
			s->nr_cpus = pvrt_oracle_nr_cpus(o);
			s->vcpu_preempted = pvrt_oracle_vcpu_preempted(o, 0) >= 0;
			pvrt_oracle_close(o);
		}
		s->reason = pvrt_oracle_why_name(why);
	}
#else
	(void)sysroot;
	s->reason = "not built (no spin runtime)";
#endif
}

#ifdef PVS_HAVE_RT
static int status(const char *dir, bool json)
{
	struct pvrt_oracle *o = NULL;
	enum pvrt_oracle_why why = PVRT_ORACLE_NOT_PINNED;
	uint32_t cpu, n;

	if (pvrt_oracle_open_pinned(&o, dir, &why) < 0) {
		if (json)
			printf("{\"pinned\": false, \"reason\": \"%s\"}\n",
			       pvrt_oracle_why_name(why));
		else
			printf("oracle: %s (%s)\n", pvrt_oracle_why_name(why),
			       dir ? dir : PVRT_ORACLE_PIN_DIR);
		return EXIT_ERROR;
	}
	n = pvrt_oracle_nr_cpus(o);
	if (json) {
		printf("{\"pinned\": true, \"dir\": \"%s\", \"cpus\": [",
		       dir ? dir : PVRT_ORACLE_PIN_DIR);
		for (cpu = 0; cpu < n; cpu++)
			printf("%s{\"cpu\": %u, \"switches\": %llu, "
			       "\"vcpu_preempted\": %d}",
			       cpu ? ", " : "", cpu,
			       (unsigned long long)pvrt_oracle_switches(o, (int)cpu),
			       pvrt_oracle_vcpu_preempted(o, (int)cpu));
		printf("]}\n");
	} else {
		printf("oracle: pinned at %s, %u CPUs, vCPU-preempted flag %s\n",
		       dir ? dir : PVRT_ORACLE_PIN_DIR, n,
		       pvrt_oracle_vcpu_preempted(o, 0) < 0 ?
			       "not readable on this kernel" : "read");
		printf("  cpu   switches  process now\n");
		for (cpu = 0; cpu < n; cpu++)
			printf("  %3u %10llu  %lld\n", cpu,
			       (unsigned long long)pvrt_oracle_switches(o, (int)cpu),
			       (long long)pvrt_oracle_tgid_on(o, (int)cpu));
	}
	pvrt_oracle_close(o);
	return EXIT_OK;
}
#endif

#ifdef PVS_HAVE_ORACLE
static int start(const char *dir, const char *group, bool no_steal)
{
	enum pvrt_oracle_why why = PVRT_ORACLE_OK;
	int64_t gid = -1;
	int rc;

	if (group != NULL) {
		struct group *g = getgrnam(group);

		if (g == NULL) {
			fprintf(stderr, "pvsched: no group '%s'\n", group);
			return EXIT_ERROR;
		}
		gid = (int64_t)g->gr_gid;
	}
	rc = pvrt_oracle_pin(dir, gid, no_steal, &why);
	if (rc == -PVS_EAGAIN) {
		fprintf(stderr, "pvsched: oracle already pinned at %s\n",
			dir ? dir : PVRT_ORACLE_PIN_DIR);
		return EXIT_ERROR;
	}
	if (rc < 0) {
		fprintf(stderr, "pvsched: oracle start: %s\n",
			pvrt_oracle_why_name(why));
		return EXIT_ERROR;
	}
	printf("oracle: pinned at %s, readable by root%s%s\n",
	       dir ? dir : PVRT_ORACLE_PIN_DIR, group ? " and group " : " only",
	       group ? group : "");
	return EXIT_OK;
}

static int stop(const char *dir)
{
	int rc = pvrt_oracle_unpin(dir);

	if (rc < 0) {
		fprintf(stderr, "pvsched: oracle stop: %s\n",
			rc == -PVS_ENOENT ? "nothing pinned" : "cannot unpin");
		return EXIT_ERROR;
	}
	printf("oracle: stopped\n");
	return EXIT_OK;
}
#endif

int cmd_oracle(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "group", required_argument, NULL, 'g' },
		{ "dir", required_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "no-steal", no_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *group = NULL, *sub;
	bool json = false, no_steal = false;
	int c;

	if (argc < 2) {
		fprintf(stderr, "pvsched: oracle needs start, stop or status\n");
		return EXIT_USAGE;
	}
	sub = argv[1];
	optind = 2;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'g': group = optarg; break;
		case 'd': dir = optarg; break;
		case 'j': json = true; break;
		case 's': no_steal = true; break;
		default: return EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "pvsched: unexpected argument '%s'\n",
			argv[optind]);
		return EXIT_USAGE;
	}
#ifdef PVS_HAVE_RT
	if (strcmp(sub, "status") == 0)
		return status(dir, json);
#endif
#ifdef PVS_HAVE_ORACLE
	if (strcmp(sub, "start") == 0)
		return start(dir, group, no_steal);
	if (strcmp(sub, "stop") == 0)
		return stop(dir);
#else
	(void)group;
	(void)no_steal;
	if (strcmp(sub, "start") == 0 || strcmp(sub, "stop") == 0) {
		fprintf(stderr, "pvsched: oracle %s: built without the BPF "
			"loader (libbpf, bpftool, clang)\n", sub);
		return EXIT_ERROR;
	}
#endif
	(void)json;
	fprintf(stderr, "pvsched: unknown oracle command '%s'\n", sub);
	return EXIT_USAGE;
}
