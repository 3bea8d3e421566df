# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Thin wrapper around CMake. The two commands that matter:
#   make demo    install what is missing, build, run the main job
#   make check   install what is missing, build, run every test
# Both work on a fresh Debian machine (as root they install the packages;
# otherwise they print the apt-get line to run and stop).

BUILD     ?= build
CMAKE     ?= cmake
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=

# Debian packages the build and the tests need (CI-only extras live in .ci/).
DEPS := cmake make gcc g++ pkg-config libcmocka-dev libcpuid-dev \
        libhwloc-dev doxygen libbpf-dev bpftool libck-dev

.PHONY: all deps configure build demo check docs install clean distclean

all: build

deps:
	@missing=""; \
	for p in $(DEPS); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' \
	    || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" -eq 0 ]; then \
	  echo "make deps: installing$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq || true; \
	  apt-get install -y -qq --no-install-recommends $$missing; \
	else \
	  echo "make deps: missing packages. Run as root:"; \
	  echo "  apt-get install -y$$missing"; \
	  exit 1; \
	fi

configure: deps
	$(CMAKE) -S . -B $(BUILD) $(CMAKE_FLAGS)

build: configure
	$(CMAKE) --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/tools/pvsched probe
	$(BUILD)/examples/pvs_demo
	$(BUILD)/tools/pvsched sim run seed004 --iterations 3

check: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

docs: configure
	$(CMAKE) --build $(BUILD) --target docs

install: build
	$(CMAKE) --install $(BUILD)

clean:
	-$(CMAKE) --build $(BUILD) --target clean

distclean:
	rm -rf $(BUILD)
