// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Halt polling: the kernels' default parameters and the names of events and
 * actions. The decisions themselves are static inline in haltpoll.h.
 */
#include <pvsched/haltpoll.h>

int pvs_halt_poll_preset(enum pvs_halt_poll_preset preset,
			 enum pvs_halt_poll_gen gen,
			 struct pvs_halt_poll_params *out)
{
	uint64_t max_ns;

	if (!out || (unsigned int)gen >= (unsigned int)PVS_HALT_POLL_GEN_COUNT)
		return -PVS_EINVAL;

	switch (preset) {
	case PVS_HALT_POLL_PRESET_X86:
		max_ns = PVS_HALT_POLL_NS_X86;
		break;
	case PVS_HALT_POLL_PRESET_ARM64:
		max_ns = PVS_HALT_POLL_NS_ARM64;
		break;
	case PVS_HALT_POLL_PRESET_S390:
		max_ns = PVS_HALT_POLL_NS_S390;
		break;
	case PVS_HALT_POLL_PRESET_POWERPC:
		max_ns = PVS_HALT_POLL_NS_POWERPC;
		break;
	case PVS_HALT_POLL_PRESET_GUEST:
		/* The governor's shrink default never changed. */
		if (gen != PVS_HALT_POLL_GEN_TODAY)
			return -PVS_EINVAL;
		out->flavour = PVS_HALT_POLL_GUEST;
		out->max_ns = PVS_GUEST_HALT_POLL_NS;
		out->grow_start_ns = PVS_GUEST_HALT_POLL_GROW_START_NS;
		out->grow = PVS_GUEST_HALT_POLL_GROW;
		out->shrink = PVS_GUEST_HALT_POLL_SHRINK;
		out->allow_shrink = true;
		return 0;
	default:
		return -PVS_EINVAL;
	}

	out->flavour = PVS_HALT_POLL_KVM_HOST;
	out->max_ns = max_ns;
	out->grow_start_ns = PVS_HALT_POLL_GROW_START_NS;
	out->grow = PVS_HALT_POLL_GROW;
	out->shrink = gen == PVS_HALT_POLL_GEN_TODAY ? PVS_HALT_POLL_SHRINK :
						      PVS_HALT_POLL_SHRINK_OLD;
	/* The host always shrinks; the field is the guest's switch. */
	out->allow_shrink = true;
	return 0;
}
