#!/usr/bin/awk -f
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Issue 5's goals for pvlock, checked cell by cell on lockbench's CSV of
# medians (cs_ns,hog,threads,lock,mops,cpu_s_per_mop,fairness,p99_ns,
# tput_vs_pthread,cpu_vs_pthread). Run with -v ncpu=N.
BEGIN { FS = ","; fails = 0 }
NR == 1 { next }
{
	k = $1 "," $2 "," $3
	mops[k "," $4] = $5; fair[k "," $4] = $7
	rt[k "," $4] = $9; rc[k "," $4] = $10
	cells[k] = 1; cs[k] = $1; hog[k] = $2; thr[k] = $3
}
function check(ok, what) {
	printf "%-4s %s\n", ok ? "ok" : "MISS", what
	if (!ok) fails++
}
END {
	print "\n# goals (pvlock; ratios are medians of same-run ratios)"
	for (k in cells) {
		p = k ",pvlock"
		if (!(p in mops)) continue
		tag = sprintf("cs=%sns hog=%s threads=%s:", cs[k], hog[k], thr[k])
		if (thr[k] == 1 && (k ",tas") in mops)
			check(mops[p] >= 0.9 * mops[k ",tas"],
			      sprintf("%s uncontended %.2fx tas (>= 0.9)", tag,
				      mops[p] / mops[k ",tas"]))
		if (thr[k] >= 2 * ncpu && cs[k] <= 100) {
			check(rt[p] >= 1.5, sprintf("%s %.2fx pthread (>= 1.5)", tag, rt[p]))
			if ((k ",adaptive") in mops)
				check(mops[p] >= 1.2 * mops[k ",adaptive"],
				      sprintf("%s %.2fx adaptive (>= 1.2)", tag,
					      mops[p] / mops[k ",adaptive"]))
			one = cs[k] "," hog[k] ",1,pvlock"
			if (one in mops)
				check(mops[p] >= 0.5 * mops[one],
				      sprintf("%s %.2fx own 1-thread rate (>= 0.5)",
					      tag, mops[p] / mops[one]))
		}
		if (thr[k] == 8)
			for (l in mops) {
				split(l, a, ",")
				if (a[1] "," a[2] "," a[3] == k &&
				    (a[4] == "ck_ticket" || a[4] == "ck_mcs"))
					check(mops[p] >= 100 * mops[l],
					      sprintf("%s %.0fx %s (>= 100)", tag,
						      mops[l] > 0 ? mops[p] / mops[l] : 1e9, a[4]))
			}
		check(rt[p] >= 1.0, sprintf("%s throughput %.2fx pthread (>= 1)", tag, rt[p]))
		check(rc[p] <= 1.0, sprintf("%s CPU/op %.2fx pthread (<= 1)", tag, rc[p]))
		check(fair[p] >= 0.1, sprintf("%s fairness %.3f (>= 0.1)", tag, fair[p]))
	}
	printf "# %d goal(s) missed\n", fails
}
