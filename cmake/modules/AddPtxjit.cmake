#===- AddPtxjit.cmake - helpers for ptxjit targets -------------------------===#

# add_ptxjit_library(name sources... [DEPENDS ...] [LINK_LIBS ...]
#                    [MLIR_LIBS ...] [LINK_COMPONENTS ...])
# A library of the project. MLIR libraries go through
# mlir_target_link_libraries so that libMLIR.so and MLIR*.a are never mixed.
function(add_ptxjit_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS;MLIR_LIBS;LINK_COMPONENTS"
                        ${ARGN})
  add_mlir_library(${name} ${ARG_UNPARSED_ARGUMENTS}
    DEPENDS ${ARG_DEPENDS}
    LINK_COMPONENTS ${ARG_LINK_COMPONENTS}
    DISABLE_INSTALL)
  if(ARG_LINK_LIBS)
    target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  endif()
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
endfunction()

# add_ptxjit_tool(name sources... [LINK_LIBS ...] [MLIR_LIBS ...])
function(add_ptxjit_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_llvm_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
endfunction()

# add_ptxjit_unittest(name sources... [LINK_LIBS ...])
function(add_ptxjit_unittest name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  llvm_update_compile_flags(${name})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} GTest::gtest_main)
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/unittests)
  add_dependencies(ptxjit-unittests ${name})
endfunction()
