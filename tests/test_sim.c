// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator's shared parts: the engine's event order, schbench's
 * histogram against hand-computed buckets, byte-identical output for a
 * seed, the command line and its messages, parameters as data (one table
 * per scenario), sweep. Each scenario's own tests are in
 * test_sim_<scenario>.c.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdlib.h>
#include <unistd.h>

#include "pvs_test.h"
#include "engine/params.h"
#include "report/cli.h"
#include "engine/sim_int.h"
#include "test_sim_util.h"

/* ---- engine ------------------------------------------------------------- */

static void test_engine_order(void **state)
{
	struct pvsim s;
	struct pvsim_event ev;
	uint64_t last_t = 0, last_seq = 0;
	unsigned int i, n = 0;

	(void)state;
	assert_int_equal(pvsim_init(&s, 1000, 7), 0);
	pvs_test_rand_seed(42);
	for (i = 0; i < 1000; i++)	/* many ties: times 0..49 */
		assert_int_equal(pvsim_at(&s, pvs_test_rand_below(50), 0, i,
					    0), 0);
	assert_int_equal(pvsim_at(&s, 1, 0, 0, 0), -1);	/* full */
	assert_int_equal(s.failures, 1);
	while (pvsim_next(&s, &ev)) {
		/* time order, ties in insertion order (obj = insertion) */
		assert_true(ev.t_ns > last_t ||
			    (ev.t_ns == last_t && (n == 0 || ev.seq > last_seq)));
		assert_int_equal(ev.seq, ev.obj);
		last_t = ev.t_ns;
		last_seq = ev.seq;
		n++;
	}
	assert_int_equal(n, 1000);
	assert_int_equal(s.now_ns, last_t);
	assert_int_equal(pvsim_at(&s, last_t - 1, 0, 0, 0), -1); /* past */
	assert_int_equal(s.failures, 2);
	pvsim_destroy(&s);
}

static void test_engine_rng_seeded(void **state)
{
	struct pvsim a, b, c;
	unsigned int i, same = 0;

	(void)state;
	assert_int_equal(pvsim_init(&a, 1, 5), 0);
	assert_int_equal(pvsim_init(&b, 1, 5), 0);
	assert_int_equal(pvsim_init(&c, 1, 6), 0);
	for (i = 0; i < 100; i++) {
		uint64_t x = pvsim_rand(&a);

		assert_true(x == pvsim_rand(&b));
		same += x == pvsim_rand(&c);
		x = pvsim_rand_range(&a, 10, 12);
		assert_true(x >= 10 && x <= 12);
		(void)pvsim_rand_range(&b, 10, 12);
	}
	assert_true(same < 2);
	assert_int_equal(pvsim_rand_range(&a, 9, 3), 9);
	pvsim_destroy(&a);
	pvsim_destroy(&b);
	pvsim_destroy(&c);
}

/* ---- histogram ---------------------------------------------------------- */

static void test_hist_buckets(void **state)
{
	(void)state;
	/* below 512 us: exact */
	assert_int_equal(pvsim_hist_idx(0), 0);
	assert_int_equal(pvsim_hist_idx(1), 1);
	assert_int_equal(pvsim_hist_idx(511), 511);
	assert_int_equal(pvsim_hist_val(511), 511);
	/* 512..1023: top bit 9, 1 bit dropped, buckets 2 us wide */
	assert_int_equal(pvsim_hist_idx(512), 512);
	assert_int_equal(pvsim_hist_idx(513), 512);
	assert_int_equal(pvsim_hist_idx(514), 513);
	assert_int_equal(pvsim_hist_idx(600), 556);
	assert_int_equal(pvsim_hist_idx(1023), 767);
	assert_int_equal(pvsim_hist_val(512), 513);	/* [512, 513] */
	assert_int_equal(pvsim_hist_val(556), 601);	/* [600, 601] */
	/* 1024: top bit 10, 4 us buckets from index 768 */
	assert_int_equal(pvsim_hist_idx(1024), 768);
	assert_int_equal(pvsim_hist_idx(1027), 768);
	assert_int_equal(pvsim_hist_idx(1028), 769);
	assert_int_equal(pvsim_hist_val(768), 1026);
	/* 3000 us: top bit 11, 8 us buckets: 3000 = 2048 + 119 * 8 */
	assert_int_equal(pvsim_hist_idx(3000), 1024 + 119);
	assert_int_equal(pvsim_hist_val(1024 + 119), 2048 + 119 * 8 + 4);
	/* 2^26 us and above: the last bucket */
	assert_int_equal(pvsim_hist_idx(1ull << 26), PVSIM_PLAT_NR - 1);
	assert_int_equal(pvsim_hist_idx(UINT64_MAX), PVSIM_PLAT_NR - 1);
	assert_int_equal(PVSIM_PLAT_NR, 4864);
}

static void test_hist_percentiles(void **state)
{
	struct pvsim_hist *h = malloc(sizeof(*h)), *g = malloc(sizeof(*g));
	unsigned int i;

	(void)state;
	assert_non_null(h);
	assert_non_null(g);
	pvsim_hist_clear(h);
	assert_int_equal(pvsim_hist_pct(h, 500), 0);
	for (i = 1; i <= 100; i++)
		pvsim_hist_add(h, i);
	/* first bucket whose cumulative count reaches p/100 * 100 */
	assert_int_equal(pvsim_hist_pct(h, 500), 50);
	assert_int_equal(pvsim_hist_pct(h, 750), 75);
	assert_int_equal(pvsim_hist_pct(h, 990), 99);
	assert_int_equal(pvsim_hist_pct(h, 995), 100);	/* 99.5 -> 100 */
	assert_int_equal(pvsim_hist_pct(h, 999), 100);
	assert_int_equal(h->min_us, 1);
	assert_int_equal(h->max_us, 100);
	/* merge 900 samples of 3000 us: 1000 in all */
	pvsim_hist_clear(g);
	for (i = 0; i < 900; i++)
		pvsim_hist_add(g, 3000);
	pvsim_hist_merge(h, g);
	assert_int_equal(h->n, 1000);
	assert_int_equal(pvsim_hist_pct(h, 50), 50);	/* 50 of 1000 */
	assert_int_equal(pvsim_hist_pct(h, 100), 100);
	assert_int_equal(pvsim_hist_pct(h, 101), 3004);	/* midpoint */
	assert_int_equal(pvsim_hist_pct(h, 999), 3004);
	assert_int_equal(h->max_us, 3000);	/* max stays exact */
	assert_int_equal(h->min_us, 1);
	free(h);
	free(g);
}

/* ---- every scenario: output, command line, parameters -------------------- */

/*
 * Both scenarios: the same seed and options give byte-identical output,
 * text and JSON; another seed gives another output; a debug run counts no
 * invariant violation.
 */
static void test_scenario_output_deterministic(void **state)
{
	static const char *const name[2] = { "ppc-idle-hint", "splpar-asym-pack" };
	struct pvsim_totals tot;
	struct pvsim_opts o;
	unsigned int n, json, k;

	(void)state;
	for (n = 0; n < 2; n++) {
		const struct pvsim_scenario *sc = pvsim_find(name[n]);

		assert_non_null(sc);
		for (json = 0; json < 2; json++) {
			char *buf[3];
			long len[3];

			for (k = 0; k < 3; k++) {
				FILE *f = tmpfile();

				assert_non_null(f);
				memset(&tot, 0, sizeof(tot));
				o = sim_test_opts(k == 2 ? 8 : 7, 1, 100000000);
				o.json = json;
				o.debug = true;
				assert_int_equal(sc->run(&o, f, &tot), 0);
				assert_int_equal(tot.failures, 0);
				assert_true(tot.events > 0);
				buf[k] = sim_test_slurp(f, &len[k]);
				assert_true(len[k] > 0);
				fclose(f);
			}
			assert_int_equal(len[0], len[1]);
			assert_memory_equal(buf[0], buf[1], (size_t)len[0]);
			assert_true(len[0] != len[2] ||
				    memcmp(buf[0], buf[2], (size_t)len[0]));
			if (json)
				assert_true(buf[0][0] == '{' &&
					    buf[0][len[0] - 2] == '}');
			for (k = 0; k < 3; k++)
				free(buf[k]);
		}
	}
}

static void test_cli(void **state)
{
	FILE *out = tmpfile(), *err = tmpfile();
	char *list[] = { "pvsched-sim", "list" };
	char *show[] = { "pvsched-sim", "show", "ppc-idle-hint" };
	char *bad[] = { "pvsched-sim", "run", "nope" };
	char *badopt[] = { "pvsched-sim", "run", "ppc-idle-hint", "--seed" };

	(void)state;
	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvsim_main(2, list, out, err), 0);
	assert_int_equal(pvsim_main(3, show, out, err), 0);
	assert_int_equal(pvsim_main(3, bad, out, err), 2);
	assert_int_equal(pvsim_main(4, badopt, out, err), 2);
	assert_int_equal(pvsim_main(1, list, out, err), 2);
	assert_non_null(pvsim_find("ppc-idle-hint"));
	assert_non_null(pvsim_find("splpar-asym-pack"));
	assert_null(pvsim_find("no-such-scenario"));
	assert_non_null(pvsim_scenario_at(0));
	fclose(out);
	fclose(err);
}

/* Run the command line; its stderr (and stdout) into buf. */
static int cli_err(char *const *argv, int argc, char *buf, size_t n,
		   size_t *out_len)
{
	FILE *out = tmpfile(), *err = tmpfile();
	size_t got;
	int rc;

	assert_non_null(out);
	assert_non_null(err);
	rc = pvsim_main(argc, (char **)argv, out, err);
	fflush(out);
	*out_len = (size_t)ftell(out);
	rewind(err);
	got = fread(buf, 1, n - 1, err);
	buf[got] = 0;
	fclose(out);
	fclose(err);
	return rc;
}

/*
 * Issue 12: every bad option names its value and the valid range (a
 * --seed past 64 bits is refused, not wrapped by strtoull), a missing
 * value says so, every message has the prefix, and --plot into a missing
 * directory fails before the simulation prints anything.
 */
static void test_cli_errors(void **state)
{
	static const struct {
		const char *opt, *val, *msg;
	} bad[] = {
		{ "--seed", "18446744073709551616", "pvsched sim: bad --seed "
		  "'18446744073709551616' (0..18446744073709551615)\n" },
		{ "--seed", "99999999999999999999999", "pvsched sim: bad "
		  "--seed '99999999999999999999999' "
		  "(0..18446744073709551615)\n" },
		{ "--seed", "-1", "pvsched sim: bad --seed '-1' "
		  "(0..18446744073709551615)\n" },
		{ "--iterations", "0", "pvsched sim: bad --iterations '0' "
		  "(1..1000)\n" },
		{ "--runtime-ms", "1e3", "pvsched sim: bad --runtime-ms '1e3' "
		  "(1..3600000 ms)\n" },
		{ "--confidence", "97", "pvsched sim: bad --confidence '97' "
		  "(80|90|95|98|99|99.5)\n" },
		{ "--plugin", "/nonexistent-dir/x.so", "pvsched sim: cannot "
		  "load --plugin '/nonexistent-dir/x.so': " },
		{ "--plot", "/nonexistent-dir/x.svg", "pvsched sim: cannot "
		  "write --plot '/nonexistent-dir/x.svg': No such file or "
		  "directory\n" },
	};
	char buf[4096];
	size_t i, n_out;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *argv[] = { "pvsched sim", "compare", "splpar-asym-pack",
				 (char *)bad[i].opt, (char *)bad[i].val };

		assert_int_equal(cli_err(argv, 5, buf, sizeof(buf), &n_out), 2);
		if (strncmp(buf, bad[i].msg, strlen(bad[i].msg)))
			print_error("got: %s", buf);
		assert_memory_equal(buf, bad[i].msg, strlen(bad[i].msg));
		assert_int_equal(n_out, 0);	/* nothing was simulated */
	}
	{
		char *argv[] = { "pvsched sim", "run", "splpar-asym-pack",
				 "--seed" };

		assert_int_equal(cli_err(argv, 4, buf, sizeof(buf), &n_out), 2);
		assert_non_null(strstr(buf, "pvsched sim: --seed needs a "
				       "value\n"));
	}
	{
		char *argv[] = { "pvsched sim", "compare", "splpar-asym-pack",
				 "--iterations", "3", "--runtime-ms", "20",
				 "--metric", "nosuch" };

		assert_int_equal(cli_err(argv, 9, buf, sizeof(buf), &n_out), 2);
		assert_non_null(strstr(buf, "pvsched sim: unknown metric "
				       "'nosuch' for splpar-asym-pack"));
	}
	{
		char *argv[] = { "pvsched sim", "run", "splpar-asym-pack",
				 "--iterations", "1", "--runtime-ms", "50",
				 "--debug", "--inject-violation", "20" };

		assert_int_equal(cli_err(argv, 10, buf, sizeof(buf), &n_out),
				 1);
		assert_non_null(strstr(buf, "pvsched sim: invariant violated: "
				       "'injected violation' at t="));
		assert_non_null(strstr(buf, "(event 20, "));
	}
}

/*
 * dlopen() looks a --plugin name without '/' up on the library path, not
 * in the current directory: the message says to give ./NAME, and an
 * argv[0] of "pvsched-sim" gets the same prefix as `pvsched sim`.
 */
static void test_plugin_name_without_slash(void **state)
{
	char dir[] = "/tmp/test_sim_pluginXXXXXX", cwd[4096], buf[4096];
	char *argv[] = { "pvsched-sim", "run", "splpar-asym-pack", "--plugin",
			 "x.so" };
	size_t n_out;
	FILE *f;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_non_null(mkdtemp(dir));
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(cli_err(argv, 5, buf, sizeof(buf), &n_out), 2);
	assert_memory_equal(buf, "pvsched sim: cannot load --plugin 'x.so'",
			    strlen("pvsched sim: cannot load --plugin 'x.so'"));
	assert_non_null(strstr(buf, "give its path, e.g. --plugin ./x.so\n"));
	f = fopen("x.so", "w");	/* here, but not a shared object */
	assert_non_null(f);
	fclose(f);
	assert_int_equal(cli_err(argv, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "it is here: give --plugin ./x.so\n"));
	assert_int_equal(unlink("x.so"), 0);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(rmdir(dir), 0);
	/* the installed pvsched-sim's own messages: the same prefix */
	argv[3] = "--bogus";
	assert_int_equal(cli_err(argv, 4, buf, sizeof(buf), &n_out), 2);
	assert_string_equal(buf, "pvsched sim: unknown option '--bogus'\n"
			    "pvsched sim: see 'pvsched sim help' for the "
			    "options\n");
}

/* The command line's whole stdout (malloc'd) and its exit status. */
static char *cli_out(char *const *argv, int argc, int *rc)
{
	FILE *out = tmpfile(), *err = tmpfile();
	long len;
	char *buf;

	assert_non_null(out);
	assert_non_null(err);
	*rc = pvsim_main(argc, (char **)argv, out, err);
	len = ftell(out);
	buf = calloc(1, (size_t)len + 1);
	assert_non_null(buf);
	rewind(out);
	assert_int_equal(fread(buf, 1, (size_t)len, out), (size_t)len);
	fclose(out);
	fclose(err);
	return buf;
}

/*
 * Issue 15, parameters as data: --set changes the run, the same seed and
 * parameters give the same output, a --params file is the same as the
 * same --set options, and bad keys or values exit 2 with the valid keys
 * or the range.
 */
static void test_params_as_data(void **state)
{
	char *a1[] = { "pvsched sim", "run", "splpar-asym-pack",
		       "--iterations", "2", "--runtime-ms", "300", "--seed",
		       "5", "--set", "pack_limit=2", "--set",
		       "jitter_pm=80" };
	char *a0[] = { "pvsched sim", "run", "splpar-asym-pack",
		       "--iterations", "2", "--runtime-ms", "300", "--seed",
		       "5" };
	char path[] = "/tmp/pvsim-params-XXXXXX";
	char *af[] = { "pvsched sim", "run", "splpar-asym-pack",
		       "--iterations", "2", "--runtime-ms", "300", "--seed",
		       "5", "--params", path };
	char *bad_key[] = { "pvsched sim", "run", "splpar-asym-pack", "--set",
			    "nosuch=1" };
	char *bad_val[] = { "pvsched sim", "run", "splpar-asym-pack", "--set",
			    "pack_limit=9" };
	char *x, *y, *z, *d, buf[2048];
	size_t n_out;
	int rc, fd;
	FILE *f;

	(void)state;
	x = cli_out(a1, 13, &rc);
	assert_int_equal(rc, 0);
	y = cli_out(a1, 13, &rc);
	assert_string_equal(x, y);
	d = cli_out(a0, 9, &rc);
	assert_int_equal(rc, 0);
	assert_true(strcmp(x, d) != 0);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "# the same as two --set\npack_limit = 2\n"
		"jitter_pm=80   # per mille\n\n");
	fclose(f);
	z = cli_out(af, 11, &rc);
	remove(path);
	assert_int_equal(rc, 0);
	assert_string_equal(x, z);
	free(x);
	free(y);
	free(z);
	free(d);
	assert_int_equal(cli_err(bad_key, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "pvsched sim: unknown parameter 'nosuch' "
			       "for splpar-asym-pack (key=value); parameters: "
			       "ent_cores, pool_cores, slot_us,"));
	assert_int_equal(cli_err(bad_val, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "pvsched sim: bad pack_limit '9' "
			       "(1..8 threads)"));
}

/* pvsim_cmd()'s whole stdout (malloc'd) for one scenario, exit status 0. */
static char *cmd_out(const struct pvsim_scenario *sc, char **argv, int argc)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n), *err = tmpfile();

	assert_non_null(out);
	assert_non_null(err);
	assert_int_equal(pvsim_cmd(sc, argc, argv, out, err), 0);
	fclose(out);
	fclose(err);
	return buf;
}

/* `show`'s whole text (malloc'd) for one scenario, as pvsim_main does. */
static char *show_out(const struct pvsim_scenario *sc)
{
	struct pvsim_opts o;
	uint64_t v[PVSIM_MAX_PARAMS];
	char *buf = NULL;
	size_t n = 0;
	FILE *out = open_memstream(&buf, &n);

	assert_non_null(out);
	memset(&o, 0, sizeof(o));
	pvsim_params_defaults(sc, v);
	o.param = v;
	sc->show(&o, out);
	pvsim_params_show(sc, out);
	fclose(out);
	return buf;
}

/*
 * One table per scenario is the only source of each parameter: a default
 * changed in the table alone (a copy of the scenario with a copy of its
 * table) is what `show` prints, and `run` and its JSON are those of
 * --set with the unchanged table, for every scenario. ppc-idle-hint's
 * cputime_us also shows in the model text and changes the results.
 */
static void test_params_one_table(void **state)
{
	static struct pvsim_param tab[PVSIM_MAX_PARAMS];
	const struct pvsim_scenario *sc;
	struct pvsim_scenario copy;
	char kv[96], *a, *b, *c;
	unsigned int i, k, j;

	(void)state;
	for (i = 0; (sc = pvsim_scenario_at(i)); i++) {
		bool idle_hint = !strcmp(sc->name, "ppc-idle-hint");
		const char *rt = !strcmp(sc->name, "kvm-yield-bailout") ? "4" :
				 "60";

		assert_true(sc->nparams > 0);
		memcpy(tab, sc->params, sc->nparams * sizeof(tab[0]));
		copy = *sc;
		copy.params = tab;
		/* the first parameter whose default can move by one, or
		 * ppc-idle-hint's CPU work per request */
		for (k = 0; k < sc->nparams && tab[k].def == tab[k].hi &&
		     tab[k].def == tab[k].lo; k++)
			;
		for (j = 0; idle_hint && j < sc->nparams; j++)
			if (!strcmp(tab[j].key, "cputime_us"))
				k = j;
		assert_true(k < sc->nparams);
		tab[k].def = idle_hint ? 5000 : tab[k].def < tab[k].hi ?
			     tab[k].def + 1 : tab[k].def - 1;
		snprintf(kv, sizeof(kv), "%s=%llu", tab[k].key,
			 (unsigned long long)tab[k].def);
		/* show: the table's default column, and the model text */
		a = show_out(sc);
		b = show_out(&copy);
		assert_true(strcmp(a, b) != 0);
		if (idle_hint) {
			assert_non_null(strstr(a, "worker spins 30000 us"));
			assert_non_null(strstr(b, "worker spins 5000 us"));
		}
		free(a);
		free(b);
		for (j = 0; j < 2; j++) {	/* text, then JSON */
			char *base[] = { "pvsched sim", "run",
					 (char *)sc->name, "--iterations", "1",
					 "--runtime-ms", (char *)rt,
					 j ? "--json" : "--debug", NULL, NULL };
			char *set[] = { "pvsched sim", "run",
					(char *)sc->name, "--iterations", "1",
					"--runtime-ms", (char *)rt,
					j ? "--json" : "--debug", "--set", kv };

			a = cmd_out(&copy, base, 8);
			b = cmd_out(sc, set, 10);
			if (strcmp(a, b))
				print_error("%s: %s in the table is not "
					    "--set %s\n", sc->name, kv, kv);
			assert_string_equal(a, b);
			if (idle_hint) {
				c = cmd_out(sc, base, 8);
				assert_true(strcmp(a, c) != 0);
				free(c);
			}
			free(a);
			free(b);
		}
	}
}

/*
 * sweep --vary: every metric across the range and where the winner
 * changes (the excess-capacity loss makes spread lose to the packing
 * rules at 80 threads on 128 VPs), twice the same; a bad range names the key's
 * bounds.
 */
static void test_sweep_vary(void **state)
{
	char *a[] = { "pvsched sim", "sweep", "splpar-asym-pack", "--vary",
		      "excess_loss_pm=0:300:4", "--iterations", "3",
		      "--runtime-ms", "1000" };
	char *bad[] = { "pvsched sim", "sweep", "splpar-asym-pack", "--vary",
			"excess_loss_pm=0:900:4" };
	char *x, *y, buf[1024];
	size_t n_out;
	int rc;

	(void)state;
	x = cli_out(a, 9, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(x, "80 threads, 128 VPs / records_per_s "
			       "(higher is better)"));
	assert_non_null(strstr(x, "winner changes: (tie) -> all but spread "
			       "between 0 and 100"));
	y = cli_out(a, 9, &rc);
	assert_string_equal(x, y);
	free(x);
	free(y);
	assert_int_equal(cli_err(bad, 5, buf, sizeof(buf), &n_out), 2);
	assert_non_null(strstr(buf, "pvsched sim: bad --vary "
			       "'excess_loss_pm=0:900:4' (excess_loss_pm="
			       "FROM:TO:STEPS, 0 <= FROM <= TO <= 450 per "
			       "mille, 2..64 steps)"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_engine_order),
		cmocka_unit_test(test_engine_rng_seeded),
		cmocka_unit_test(test_hist_buckets),
		cmocka_unit_test(test_hist_percentiles),
		cmocka_unit_test(test_scenario_output_deterministic),
		cmocka_unit_test(test_cli),
		cmocka_unit_test(test_cli_errors),
		cmocka_unit_test(test_plugin_name_without_slash),
		cmocka_unit_test(test_params_as_data),
		cmocka_unit_test(test_params_one_table),
		cmocka_unit_test(test_sweep_vary),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
