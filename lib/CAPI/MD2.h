//===- MD2.h - The MD2 message digest (RFC 1319) ----------------*- C++ -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// MD2 is the hash under the CUDA runtime's check of the driver
// (ExportTables.cpp). LLVM provides MD5 and SHA, not MD2.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_LIB_CAPI_MD2_H
#define PTXJIT_LIB_CAPI_MD2_H

#include <cstddef>
#include <cstdint>

namespace ptxjit::capi {

/// An MD2 computation: update() with the message, then finish().
class MD2 {
public:
  void update(const void *data, size_t size);
  /// Pads, appends the checksum and writes the 16-byte digest.
  void finish(uint8_t digest[16]);

private:
  void addByte(uint8_t byte);
  void compress();

  uint8_t state[16] = {};
  uint8_t checksum[16] = {};
  uint8_t block[16] = {};
  uint8_t lastChecksum = 0;
  unsigned count = 0;
};

} // namespace ptxjit::capi

#endif // PTXJIT_LIB_CAPI_MD2_H
