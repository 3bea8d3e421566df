# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pvs_add_library(): every installed library of the project, built and
# installed the same way (docs/abi.md states the policy):
#
#   pvs_add_library(<target> COMPONENT <name> SYMBOLS <glob>...
#     SOURCES <file>...
#     [INCLUDE_ROOT <dir>]            # public headers' root (default include/)
#     [PUBLIC_LIBS <lib>...]          # needed by the public headers
#     [PRIVATE_LIBS <lib>...]         # needed by the code only
#     [FIND_DEPENDENCIES <package>...]# find_dependency() for consumers
#     [COMPONENT_DEPENDS <component>...]
#     [PC_NAME <module>] [PC_DESCRIPTION <text>]
#     [PC_REQUIRES <module>...] [PC_REQUIRES_PRIVATE <module>...]
#     [PC_LIBS_PRIVATE <flag>...])
#
# gives
#   <target>          shared, lib<target>.so.${PVS_SOVERSION}, exporting only
#                     the symbols matching SYMBOLS (a linker version script;
#                     a private header hides its helpers with
#                     `#pragma GCC visibility push(hidden)`)
#   <target>_static   static, lib<target>.a, the same objects
#   pvsched::<name>, pvsched::<name>_static   aliases, and the installed
#                     imported targets of the same names
#   find_package(pvsched COMPONENTS <name>)   its own export file
#   <PC_NAME>.pc      pkg-config (default: <target> with '_' as '-')
# In-tree libraries named in PUBLIC_LIBS / PRIVATE_LIBS are linked as
# <lib> by the shared library and as <lib>_static by the static one.
# Every library but the core requires the core (docs/abi.md): it is added
# to PUBLIC_LIBS, PC_REQUIRES and COMPONENT_DEPENDS here, so a program that
# links one library may call any core function (tests/consumer/ checks).
include_guard(GLOBAL)
include(GNUInstallDirs)

# The ABI version: the number in every SONAME (docs/abi.md).
set(PVS_SOVERSION 0)

# Relocatable .pc files: the prefix is found from the .pc file's directory.
file(RELATIVE_PATH PVS_PC_TO_PREFIX "/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/")
string(REGEX REPLACE "/$" "" PVS_PC_TO_PREFIX "${PVS_PC_TO_PREFIX}")

set(PVS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pvsched)

# Installed programs and libraries find ours relative to themselves, so an
# install runs from any prefix, and from a copy moved elsewhere: a program
# through $ORIGIN/../<libdir>, a library (for the libraries it needs)
# through $ORIGIN. Packages that install into the loader's own path may
# drop it with -DCMAKE_SKIP_INSTALL_RPATH=ON (debian/rules does).
file(RELATIVE_PATH _pvs_bin_to_lib "/${CMAKE_INSTALL_BINDIR}" "/${CMAKE_INSTALL_LIBDIR}")
function(pvs_install_rpath)
  foreach(t ${ARGN})
    get_target_property(type ${t} TYPE)
    if(type STREQUAL "EXECUTABLE")
      set_target_properties(${t} PROPERTIES INSTALL_RPATH "\$ORIGIN/${_pvs_bin_to_lib}")
    else()
      set_target_properties(${t} PROPERTIES INSTALL_RPATH "\$ORIGIN")
    endif()
  endforeach()
endfunction()
set(_pvs_library_dir ${CMAKE_CURRENT_LIST_DIR})

# The variant of an in-tree library for a shared or a static link.
function(_pvs_variant out suffix)
  set(libs)
  foreach(l ${ARGN})
    if(suffix AND TARGET ${l}${suffix})
      list(APPEND libs ${l}${suffix})
    else()
      list(APPEND libs ${l})
    endif()
  endforeach()
  set(${out} ${libs} PARENT_SCOPE)
endfunction()

function(pvs_add_library target)
  cmake_parse_arguments(A "" "COMPONENT;INCLUDE_ROOT;PC_NAME;PC_DESCRIPTION"
    "SYMBOLS;SOURCES;PUBLIC_LIBS;PRIVATE_LIBS;FIND_DEPENDENCIES;COMPONENT_DEPENDS;PC_REQUIRES;PC_REQUIRES_PRIVATE;PC_LIBS_PRIVATE"
    ${ARGN})
  if(NOT A_COMPONENT OR NOT A_SYMBOLS OR NOT A_SOURCES)
    message(FATAL_ERROR "pvs_add_library(${target}): COMPONENT, SYMBOLS and SOURCES are required")
  endif()
  if(NOT A_INCLUDE_ROOT)
    set(A_INCLUDE_ROOT ${PROJECT_SOURCE_DIR}/include)
  endif()
  if(NOT A_PC_NAME)
    string(REPLACE "_" "-" A_PC_NAME "${target}")
  endif()
  if(NOT A_PC_DESCRIPTION)
    set(A_PC_DESCRIPTION "${PROJECT_DESCRIPTION}")
  endif()
  set(c ${A_COMPONENT})
  if(NOT target STREQUAL "pvsched")
    list(PREPEND A_PUBLIC_LIBS pvsched)
    list(PREPEND A_PC_REQUIRES pvsched)
    list(PREPEND A_COMPONENT_DEPENDS pvsched)
    foreach(v A_PUBLIC_LIBS A_PC_REQUIRES A_COMPONENT_DEPENDS)
      list(REMOVE_DUPLICATES ${v})
    endforeach()
  endif()

  # One compilation, two libraries.
  add_library(${target}_objects OBJECT ${A_SOURCES})
  set_target_properties(${target}_objects PROPERTIES POSITION_INDEPENDENT_CODE ON)
  target_compile_options(${target}_objects PRIVATE ${PVS_WARNINGS})
  target_include_directories(${target}_objects PUBLIC
    $<BUILD_INTERFACE:${A_INCLUDE_ROOT}>)
  target_link_libraries(${target}_objects PUBLIC ${A_PUBLIC_LIBS}
    PRIVATE ${A_PRIVATE_LIBS})

  # Only the public API leaves the shared library.
  set(map ${CMAKE_CURRENT_BINARY_DIR}/${target}.map)
  list(JOIN A_SYMBOLS "; " globs)
  file(WRITE ${map}.tmp "{\n  global: ${globs};\n  local: *;\n};\n")
  configure_file(${map}.tmp ${map} COPYONLY)

  add_library(${target} SHARED $<TARGET_OBJECTS:${target}_objects>)
  add_library(${target}_static STATIC $<TARGET_OBJECTS:${target}_objects>)
  add_library(pvsched::${c} ALIAS ${target})
  add_library(pvsched::${c}_static ALIAS ${target}_static)
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME ${target} EXPORT_NAME ${c}
    VERSION ${PVS_SOVERSION}.${PROJECT_VERSION_MINOR}.${PROJECT_VERSION_PATCH}
    SOVERSION ${PVS_SOVERSION}
    LINK_DEPENDS ${map})
  target_link_options(${target} PRIVATE "LINKER:--version-script=${map}")
  pvs_install_rpath(${target})
  # Every symbol resolved at link time; not under clang's ThreadSanitizer,
  # whose runtime only the executable links.
  if(NOT CMAKE_C_FLAGS MATCHES "-fsanitize=thread")
    target_link_options(${target} PRIVATE "LINKER:--no-undefined")
  endif()
  set_target_properties(${target}_static PROPERTIES
    OUTPUT_NAME ${target} EXPORT_NAME ${c}_static
    POSITION_INDEPENDENT_CODE ON)
  foreach(v "" _static)
    _pvs_variant(pub "${v}" ${A_PUBLIC_LIBS})
    _pvs_variant(priv "${v}" ${A_PRIVATE_LIBS})
    target_include_directories(${target}${v} PUBLIC
      $<BUILD_INTERFACE:${A_INCLUDE_ROOT}>
      $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
    target_link_libraries(${target}${v} PUBLIC ${pub} PRIVATE ${priv})
  endforeach()

  install(TARGETS ${target} ${target}_static EXPORT pvsched-${c}-targets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT pvsched-${c}-targets NAMESPACE pvsched::
    DESTINATION ${PVS_CMAKE_DIR})

  # find_package(pvsched COMPONENTS <c>) includes this file.
  set(f ${CMAKE_CURRENT_BINARY_DIR}/pvsched-${c}-component.cmake)
  set(body "# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause\n")
  string(APPEND body "# pvsched component '${c}' (generated by pvs_add_library)\n")
  string(APPEND body "include(CMakeFindDependencyMacro)\n")
  foreach(d ${A_FIND_DEPENDENCIES})
    string(APPEND body "find_dependency(${d})\n")
  endforeach()
  foreach(d ${A_COMPONENT_DEPENDS})
    string(APPEND body "include(\"\${CMAKE_CURRENT_LIST_DIR}/pvsched-${d}-component.cmake\")\n")
  endforeach()
  string(APPEND body "if(NOT TARGET pvsched::${c})\n")
  string(APPEND body "  include(\"\${CMAKE_CURRENT_LIST_DIR}/pvsched-${c}-targets.cmake\")\n")
  string(APPEND body "endif()\n")
  file(WRITE ${f} "${body}")
  install(FILES ${f} DESTINATION ${PVS_CMAKE_DIR})

  # pkg-config: the header's dependencies in Requires, the code's in
  # Requires.private / Libs.private (a static link needs them).
  list(JOIN A_PC_REQUIRES ", " PC_REQUIRES)
  list(JOIN A_PC_REQUIRES_PRIVATE ", " PC_REQUIRES_PRIVATE)
  list(JOIN A_PC_LIBS_PRIVATE " " PC_LIBS_PRIVATE)
  set(PC_NAME ${A_PC_NAME})
  set(PC_DESCRIPTION ${A_PC_DESCRIPTION})
  set(PC_LIB ${target})
  configure_file(${_pvs_library_dir}/library.pc.in
    ${CMAKE_CURRENT_BINARY_DIR}/${A_PC_NAME}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${A_PC_NAME}.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

  set_property(GLOBAL APPEND PROPERTY PVS_COMPONENTS ${c})
endfunction()
