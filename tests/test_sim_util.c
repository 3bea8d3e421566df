// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Helpers the simulator's tests share (test_sim_util.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pvs_test.h"
#include "test_sim_util.h"

struct pvsim_opts sim_test_opts(uint64_t seed, uint32_t iterations,
				uint64_t runtime_ns)
{
	struct pvsim_opts o;

	memset(&o, 0, sizeof(o));
	o.seed = seed;
	o.iterations = iterations;
	o.runtime_ns = runtime_ns;
	return o;
}

void sim_test_has_all(const char *s, const char *const *want)
{
	for (; *want; want++)
		if (!strstr(s, *want))
			fail_msg("missing from the output: \"%s\"", *want);
}

void sim_test_no_violation(uint64_t failures,
			   const struct pvsim_failure *fail, const char *fmt,
			   ...)
{
	char ctx[160];
	va_list ap;

	if (!failures)
		return;
	va_start(ap, fmt);
	vsnprintf(ctx, sizeof(ctx), fmt, ap);
	va_end(ap);
	fail_msg("%s: %llu violations, the first: %s at %llu ns, event %llu "
		 "(kind %u %s, %s %u)", ctx, (unsigned long long)failures,
		 fail->what ? fail->what : "(unnamed)",
		 (unsigned long long)fail->t_ns,
		 (unsigned long long)fail->event_nr, fail->kind,
		 fail->kind_name ? fail->kind_name : "", fail->obj_name ?
		 fail->obj_name : "object", fail->obj);
}

void sim_test_run_recorded(const char *name, uint64_t seed,
			   uint64_t runtime_ns, struct pvsim_sink *sink)
{
	const struct pvsim_scenario *sc = pvsim_find(name);
	struct pvsim_opts o;
	FILE *out = tmpfile();

	assert_non_null(sc);
	assert_non_null(out);
	memset(sink, 0, sizeof(*sink));
	o = sim_test_opts(seed, 2, runtime_ns);
	o.sink = sink;
	assert_int_equal(sc->run(&o, out, NULL), 0);
	assert_false(sink->lost);
	fclose(out);
}

char *sim_test_slurp(FILE *f, long *len)
{
	char *buf;
	long n;

	assert_int_equal(fflush(f), 0);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	rewind(f);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;	/* a string too */
	if (len != NULL)
		*len = n;
	return buf;
}

char *sim_test_output(const char *name, const struct pvsim_opts *o,
		      struct pvsim_totals *tot, long *len)
{
	const struct pvsim_scenario *sc = pvsim_find(name);
	FILE *f = tmpfile();
	char *s;

	assert_non_null(sc);
	assert_non_null(f);
	assert_int_equal(sc->run(o, f, tot), 0);
	s = sim_test_slurp(f, len);
	fclose(f);
	return s;
}
