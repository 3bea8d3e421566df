// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Helpers the simulator's tests share (test_sim_util.h). */
#include <stdlib.h>
#include <string.h>

#include "pvs_test.h"
#include "test_sim_util.h"

void sim_test_run_recorded(const char *name, uint64_t seed,
			   uint64_t runtime_ns, struct pvsim_sink *sink)
{
	const struct pvsim_scenario *sc = pvsim_find(name);
	struct pvsim_opts o;
	FILE *out = tmpfile();

	assert_non_null(sc);
	assert_non_null(out);
	memset(sink, 0, sizeof(*sink));
	memset(&o, 0, sizeof(o));
	o.seed = seed;
	o.iterations = 2;
	o.runtime_ns = runtime_ns;
	o.sink = sink;
	assert_int_equal(sc->run(&o, out, NULL), 0);
	assert_false(sink->lost);
	fclose(out);
}

char *sim_test_slurp(FILE *f, long *len)
{
	char *buf;

	*len = ftell(f);
	assert_true(*len > 0);
	buf = malloc((size_t)*len + 1);
	assert_non_null(buf);
	rewind(f);
	assert_int_equal(fread(buf, 1, (size_t)*len, f), (size_t)*len);
	buf[*len] = 0;	/* a string too */
	return buf;
}
