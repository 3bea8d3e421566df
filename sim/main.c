// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* pvsched-sim: run the simulator's scenarios (see <pvsched/sim.h>). */
#include <pvsched/sim.h>

int main(int argc, char **argv)
{
	return pvsim_main(argc, argv, stdout, stderr);
}
