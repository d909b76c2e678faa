// A host-side stand-in for the CUDA features the generated conversions use: one
// std::thread per CUDA thread, __syncthreads() as a barrier of the whole block,
// __syncwarp() as a barrier of the warp,
// and each warp shuffle as a write-barrier-read-barrier exchange among the warp's
// threads, with PTX shfl.sync semantics within segments of `width` lanes.
#pragma once
#include <barrier>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#define __device__
#define __shared__ static

struct EmulatedIndex {
  unsigned x, y, z;
};
inline thread_local EmulatedIndex threadIdx;

struct EmulatedWarp {
  explicit EmulatedWarp(int lanes) : exchange(lanes), slots(lanes) {}
  std::barrier<> exchange;
  std::vector<uint64_t> slots;
};

inline std::barrier<>* emulated_block_barrier = nullptr;
inline std::vector<std::unique_ptr<EmulatedWarp>>* emulated_warps = nullptr;
inline int emulated_lanes = 32;

inline void __syncthreads() { emulated_block_barrier->arrive_and_wait(); }

inline void __syncwarp(unsigned = 0xffffffffu) {
  (*emulated_warps)[threadIdx.x / emulated_lanes]->exchange.arrive_and_wait();
}

template <typename T>
T emulated_shuffle(T value, unsigned source_in_segment, int width) {
  EmulatedWarp& warp = *(*emulated_warps)[threadIdx.x / emulated_lanes];
  unsigned lane = threadIdx.x % emulated_lanes;
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof value);
  warp.slots[lane] = bits;
  warp.exchange.arrive_and_wait();
  unsigned segment = lane & ~unsigned(width - 1);
  uint64_t read = warp.slots[segment + (source_in_segment & unsigned(width - 1))];
  warp.exchange.arrive_and_wait();
  T result;
  std::memcpy(&result, &read, sizeof result);
  return result;
}

template <typename T>
T __shfl_sync(unsigned, T value, unsigned source, int width) {
  return emulated_shuffle(value, source, width);
}

template <typename T>
T __shfl_xor_sync(unsigned, T value, unsigned mask, int width) {
  return emulated_shuffle(value, (threadIdx.x % emulated_lanes) ^ mask, width);
}
