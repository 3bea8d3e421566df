// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * man/pvsched-sim.1 names every command and option the simulator's help
 * prints (the page is written by hand: this keeps it from going stale).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <ctype.h>
#include <stdlib.h>

#include "pvs_test.h"
#include "engine/sim_int.h"

/* The whole file, terminated (NULL when it cannot be read). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0, got;
	char chunk[4096];
	FILE *m;

	if (!f)
		return NULL;
	m = open_memstream(&buf, &n);
	while (m && (got = fread(chunk, 1, sizeof(chunk), f)) > 0)
		fwrite(chunk, 1, got, m);
	fclose(f);
	if (m)
		fclose(m);
	return buf;
}

/* The page's text with roff's "\-" as "-" and font escapes dropped. */
static void unroff(char *s)
{
	char *d = s;

	while (*s) {
		if (s[0] == '\\' && s[1] == '-') {
			*d++ = '-';
			s += 2;
		} else if (s[0] == '\\' && s[1] == 'f' && s[2]) {
			s += 3;
		} else {
			*d++ = *s++;
		}
	}
	*d = 0;
}

/* Is word in the page as a whole word (an option or a command)? */
static bool names(const char *page, const char *word)
{
	size_t n = strlen(word);
	const char *p = page;

	while ((p = strstr(p, word))) {
		bool start = p == page || (!isalnum((unsigned char)p[-1]) &&
					   p[-1] != '-');
		bool end = !isalnum((unsigned char)p[n]) && p[n] != '-';

		if (start && end)
			return true;
		p += n;
	}
	return false;
}

static void test_man_names_every_option(void **state)
{
	char *page = slurp(PVS_SIM_MAN);
	char *help = NULL, *p, word[64];
	size_t n = 0, len;
	char *argv[] = { "pvsched sim", "help" };
	FILE *out;
	unsigned int checked = 0, missing = 0;

	(void)state;
	assert_non_null(page);
	unroff(page);
	out = open_memstream(&help, &n);
	assert_non_null(out);
	assert_int_equal(pvsim_main(2, argv, out, stderr), 0);
	fclose(out);
	/* every --option of the help */
	for (p = help; (p = strstr(p, "--")); p += len) {
		len = 2;
		while (isalnum((unsigned char)p[len]) || p[len] == '-')
			len++;
		if (len == 2 || len >= sizeof(word))
			continue;
		memcpy(word, p, len);
		word[len] = 0;
		checked++;
		if (!names(page, word)) {
			print_error("man/pvsched-sim.1 does not name %s\n",
				    word);
			missing++;
		}
	}
	/* every command: the word after the program in the usage lines */
	for (p = help; (p = strstr(p, PVSIM_PROG " ")); p += len) {
		p += strlen(PVSIM_PROG " ");
		for (len = 0; islower((unsigned char)p[len]); len++)
			;
		if (!len || len >= sizeof(word))
			continue;
		memcpy(word, p, len);
		word[len] = 0;
		checked++;
		if (!names(page, word)) {
			print_error("man/pvsched-sim.1 does not name the "
				    "command %s\n", word);
			missing++;
		}
	}
	assert_true(checked > 15);
	assert_int_equal(missing, 0);
	free(help);
	free(page);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_man_names_every_option),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
