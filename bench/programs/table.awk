#!/usr/bin/awk -f
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The table of bench/programs/run.sh from its CSV
# (rep,workload,subs,threads,lock,value): per workload and subscription,
# each lock's median value and the per-repetition ratios to -v base:
# median, and mean with a 95 % Student's t interval; "no difference
# proven" when the interval spans 1 (EVALUATION's lock-benchmark rule).
BEGIN { FS = ","; if (base == "") base = "glibc"
	# two-sided 95 % t for df = 1..30
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 " \
	      "2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 " \
	      "2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045 2.042", t, " ") }
NR == 1 { next }
{
	cell = $2 "," $3 "," $4
	if (!(cell in seen)) { seen[cell] = 1; order[++ncell] = cell
		# print workloads in first-seen order, then under, over, quota
		if (!($2 in wrank)) wrank[$2] = ++nw
		rank[cell] = wrank[$2] * 3 + ($3 == "over") + 2 * ($3 == "quota") }
	if (!($5 in lockseen)) { lockseen[$5] = 1; locks[++nlock] = $5 }
	v[cell, $5, $1] = $6; reps[$1] = 1
}
function median(a, n,    i, j, x) {
	for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
END {
	for (i = 2; i <= ncell; i++) {
		x = order[i]
		for (j = i - 1; j >= 1 && rank[order[j]] > rank[x]; j--) order[j + 1] = order[j]
		order[j + 1] = x
	}
	printf "%-17s %-5s %4s %-6s %12s %8s %8s  %-17s %s\n", "workload", "subs",
	       "thr", "lock", "median", "ratio", "mean", "95% interval", "verdict"
	printf "%-17s %-5s %4s %-6s %12s %8s %8s  %-17s\n", "", "", "", "", "", "median", "ratio", "of the mean"
	for (c = 1; c <= ncell; c++) {
		split(order[c], k, ",")
		for (l = 1; l <= nlock; l++) {
			n = 0; m = 0; delete vals; delete rs
			for (r in reps) {
				if ((order[c], locks[l], r) in v) vals[++n] = v[order[c], locks[l], r]
				if ((order[c], locks[l], r) in v && (order[c], base, r) in v &&
				    v[order[c], base, r] > 0)
					rs[++m] = v[order[c], locks[l], r] / v[order[c], base, r]
			}
			if (n == 0) continue
			med = median(vals, n)
			if (locks[l] == base || m == 0) {
				printf "%-17s %-5s %4s %-6s %12.6g %8s\n", k[1], k[2], k[3], locks[l], med, "1"
				continue
			}
			s = 0; for (i = 1; i <= m; i++) s += rs[i]; mean = s / m
			ss = 0; for (i = 1; i <= m; i++) ss += (rs[i] - mean) ^ 2
			half = m > 1 ? t[m - 1 > 30 ? 30 : m - 1] * sqrt(ss / (m - 1) / m) : 0
			lo = mean - half; hi = mean + half
			# if/else, not a ternary across lines: mawk (Debian's
			# default awk) rejects the line break
			if (m < 2)
				verdict = "one repetition: no interval"
			else if (lo <= 1 && hi >= 1)
				verdict = "no difference proven"
			else
				verdict = lo > 1 ? "faster" : "slower"
			goal = k[2] == "under" ? 0.95 : 1.0
			# the comparison outside printf's list: mawk would read
			# its ">" as a redirection
			mr = median(rs, m)
			missed = ""
			if (base == "glibc" && mr < goal)
				missed = sprintf(" (goal %.2f missed)", goal)
			printf "%-17s %-5s %4s %-6s %12.6g %8.3f %8.3f  [%6.3f, %6.3f]  %s%s\n", k[1], k[2], k[3],
			       locks[l], med, mr, mean, lo, hi, verdict, missed
		}
	}
}
