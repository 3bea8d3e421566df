// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * rseq time-slice extension (Linux 7.0+;
 * docs/upstream-rules.md#rseq-time-slice-extension): a lock holder may ask
 * the scheduler for a few
 * more microseconds. Live: ask prctl(PR_RSEQ_SLICE_EXTENSION,
 * PR_RSEQ_SLICE_EXTENSION_GET), which older kernels reject with EINVAL;
 * everywhere: the sysctl kernel.rseq_slice_extension_nsec, the largest
 * extension granted.
 */
#include <string.h>
#include <sys/prctl.h>

#include "../arch/arch.h"
#include "probe_util.h"

int pvprobe_read_rseq_slice(struct pvprobe_ctx *ctx,
			 struct pvprobe_rseq_slice *out)
{
	char path[PVPROBE_PATH_MAX], buf[64];
	struct pvprobe_rseq_slice r;
	int rc;

	if (ctx == NULL || out == NULL)
		return -PVS_EINVAL;
	memset(&r, 0, sizeof(r));
	if (pvprobe_ctx_live(ctx)) {
		r.prctl_checked = true;
		r.available =
			prctl(PVARCH_PR_RSEQ_SLICE_EXTENSION,
			      PVARCH_PR_RSEQ_SLICE_EXTENSION_GET, 0, 0, 0) >= 0;
	}
	rc = pvprobe_pu_path(ctx, path,
			 "/proc/sys/kernel/rseq_slice_extension_nsec");
	if (rc < 0)
		return rc;
	rc = pvprobe_pu_load_small(ctx, path, buf, sizeof(buf), NULL);
	if (rc == 0) {
		rc = pvprobe_pu_text_u64(buf, false, &r.max_ns);
		if (rc < 0)
			return pvprobe_pu_fail(ctx, path, 1, rc);
		if (!r.prctl_checked)
			r.available = true;
	} else if (rc == -PVS_ERANGE) {
		return pvprobe_pu_fail(ctx, path, 1, -PVS_EBADMSG);
	} else if (rc != -PVS_ENOENT) {
		return rc;
	}
	if (!r.available)
		return pvprobe_pu_fail(ctx, path, 0, -PVS_ENOENT);
	ctx->bad_path[0] = '\0';
	*out = r;
	return 0;
}
