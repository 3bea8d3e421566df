# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Compare wakeup runs of two policies. Input lines, in run order:
#	POLICY wakeup: samples S p50 V p75 V ... p99.9 V min A max B
# (wakeup's last line, prefixed by the policy's name). The first policy
# seen is the baseline unless -v base=NAME. Prints
#  1. the percentile table: each policy's mean over its iterations and
#     compare% = (baseline - other) / baseline x 100 per iteration pair,
#     averaged (the idle-hint thread's convention: positive = lower
#     latency than the baseline);
#  2. for every percentile a ministat-style comparison: N Min Max Median
#     Avg Stddev per policy and, at 95% confidence (two-sided Student's t,
#     pooled standard deviation), "Difference at 95.0% confidence" with
#     the difference and its interval, or "No difference proven".
# Exit status 1 when there are not two policies with >= 3 iterations each.
function tq(df,   i) {	# two-sided 95% Student's t quantile
	if (df <= 30)
		return T[df]
	if (df <= 40) return T[30] + (T[40] - T[30]) * (1/30 - 1/df) / (1/30 - 1/40)
	if (df <= 60) return T[40] + (T[60] - T[40]) * (1/40 - 1/df) / (1/40 - 1/60)
	if (df <= 120) return T[60] + (T[120] - T[60]) * (1/60 - 1/df) / (1/60 - 1/120)
	return T[120] + (1.960 - T[120]) * (1/120 - 1/df) / (1/120)
}
function sortn(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
}
BEGIN {
	split("12.706 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 " \
	      "2.201 2.179 2.160 2.145 2.131 2.120 2.110 2.101 2.093 2.086 " \
	      "2.080 2.074 2.069 2.064 2.060 2.056 2.052 2.048 2.045 2.042", T, " ")
	T[40] = 2.021; T[60] = 2.000; T[120] = 1.980
	np = split("p50 p75 p90 p95 p99 p99.5 p99.9", P, " ")
	split("50.0th 75.0th 90.0th 95.0th *99.0th 99.5th 99.9th", PN, " ")
	npol = 0
}
$2 == "wakeup:" {
	pol = $1
	if (!(pol in N)) { npol++; POL[npol] = pol; N[pol] = 0 }
	k = ++N[pol]
	for (f = 3; f < NF; f += 2)
		V[pol, k, $f] = $(f + 1)
}
END {
	if (base == "") base = POL[1]
	other = ""
	for (i = 1; i <= npol; i++)
		if (POL[i] != base) { other = POL[i]; break }
	if (other == "" || !(base in N) || N[base] < 3 || N[other] < 3) {
		print "compare: need two policies with at least 3 iterations each" > "/dev/stderr"
		exit 1
	}
	n1 = N[base]; n2 = N[other]; npair = n1 < n2 ? n1 : n2
	printf "Wake-up latency percentiles (usec): mean of %d %s and %d %s iterations\n", n1, base, n2, other
	printf "compare%% = (%s - %s) / %s x 100, averaged over %d iteration pairs; positive = %s lower\n", base, other, base, npair, other
	printf "%-10s %12s %12s %10s\n", "", base, other, "compare%"
	for (p = 1; p <= np; p++) {
		s1 = s2 = c = 0
		for (k = 1; k <= n1; k++) s1 += V[base, k, P[p]]
		for (k = 1; k <= n2; k++) s2 += V[other, k, P[p]]
		for (k = 1; k <= npair; k++)
			if (V[base, k, P[p]] > 0)
				c += (V[base, k, P[p]] - V[other, k, P[p]]) / V[base, k, P[p]] * 100
		printf "%-10s %12.1f %12.1f %+9.2f%%\n", PN[p] ":", s1 / n1, s2 / n2, c / npair
	}
	s1 = s2 = 0
	for (k = 1; k <= n1; k++) s1 += V[base, k, "samples"]
	for (k = 1; k <= n2; k++) s2 += V[other, k, "samples"]
	printf "%-10s %12.1f %12.1f\n", "samples:", s1 / n1, s2 / n2
	for (p = 1; p <= np; p++) {
		printf "\n%s (usec)   x %s   + %s\n", P[p], base, other
		printf "    N           Min           Max        Median           Avg        Stddev\n"
		for (w = 1; w <= 2; w++) {
			pol = w == 1 ? base : other; n = N[pol]
			delete a
			sum = 0
			for (k = 1; k <= n; k++) { a[k] = V[pol, k, P[p]]; sum += a[k] }
			sortn(a, n)
			avg = sum / n; ss = 0
			for (k = 1; k <= n; k++) ss += (a[k] - avg) ^ 2
			var = ss / (n - 1)
			med = n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
			printf "%s %3d %13.8g %13.8g %13.8g %13.8g %13.8g\n", w == 1 ? "x" : "+", n, a[1], a[n], med, avg, sqrt(var)
			M[w] = avg; VAR[w] = var
		}
		df = n1 + n2 - 2
		sp = sqrt(((n1 - 1) * VAR[1] + (n2 - 1) * VAR[2]) / df)
		se = sp * sqrt(1 / n1 + 1 / n2)
		d = M[2] - M[1]; e = tq(df) * se
		if ((d < 0 ? -d : d) > e) {
			printf "Difference at 95.0%% confidence\n"
			printf "\t%g +/- %g\n", d, e
			if (M[1] != 0)
				printf "\t%g%% +/- %g%%\n", d / M[1] * 100, e / M[1] * 100
			printf "\t(Student's t, pooled s = %g)\n", sp
		} else {
			printf "No difference proven at 95.0%% confidence\n"
		}
	}
}
