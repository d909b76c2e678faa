// A host-side stand-in for the CUDA features the generated conversions use: one
// std::thread per CUDA thread of every CTA of a cluster (emulated_launch), __syncthreads()
// as a barrier of the CTA, __syncwarp() as a barrier of the warp, the cluster barrier's
// arrive and wait as a split barrier of the cluster, mapa as the same offset in another
// CTA's scratch buffer,
// each warp shuffle as a write-barrier-read-barrier exchange among the warp's
// threads, with PTX shfl.sync semantics within segments of `width` lanes, and
// ldmatrix / stmatrix (.m8n8 .b16) as an exchange of the lanes' row addresses after
// which each lane reads or writes its own bytes of the rows.  For HIP: __shfl and
// __shfl_xor (ds_bpermute) as the same exchange, the register-lane swaps of gfx950 as an
// exchange of both words, its transposing LDS reads as an exchange of the chunk addresses,
// and the wave barrier as the warp's barrier.
#pragma once
#include <barrier>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>
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

// One CTA: its barrier, its warps and the scratch buffer its threads are given.
struct EmulatedCta {
  EmulatedCta(int threads, int lanes, unsigned char* scratch) : block(threads), shared(scratch) {
    for (int w = 0; w < threads / lanes; ++w) warps.push_back(std::make_unique<EmulatedWarp>(lanes));
  }
  std::barrier<> block;
  std::vector<std::unique_ptr<EmulatedWarp>> warps;
  unsigned char* shared;
};

inline std::vector<std::unique_ptr<EmulatedCta>>* emulated_cluster = nullptr;
inline std::barrier<>* emulated_cluster_barrier = nullptr;
inline int emulated_lanes = 32;
inline thread_local unsigned emulated_cta = 0;
inline thread_local std::optional<std::barrier<>::arrival_token> emulated_cluster_token;

// Runs body(cta, thread) on `threads` threads of `lanes`-lane warps in each of `ctas` CTAs at
// once; CTA c's scratch buffer is scratch[c].
template <typename Body>
void emulated_launch(int ctas, int threads, int lanes, unsigned char* const* scratch, Body body) {
  std::vector<std::unique_ptr<EmulatedCta>> cluster;
  for (int c = 0; c < ctas; ++c) cluster.push_back(std::make_unique<EmulatedCta>(threads, lanes, scratch[c]));
  std::barrier<> cluster_barrier(ctas * threads);
  emulated_cluster = &cluster;
  emulated_cluster_barrier = &cluster_barrier;
  emulated_lanes = lanes;
  std::vector<std::thread> running;
  for (int c = 0; c < ctas; ++c)
    for (int t = 0; t < threads; ++t)
      running.emplace_back([&cluster, &body, c, t] {
        emulated_cta = unsigned(c);
        threadIdx = {unsigned(t), 0, 0};
        body(c, t);
      });
  for (auto& thread : running) thread.join();
}

inline uint32_t emulated_cluster_cta_rank() { return emulated_cta; }

// The calling thread's CTA and warp.
inline EmulatedCta& emulated_own_cta() { return *(*emulated_cluster)[emulated_cta]; }
inline EmulatedWarp& emulated_own_warp() { return *emulated_own_cta().warps[threadIdx.x / emulated_lanes]; }

inline const void* emulated_map_shared_rank(const void* address, uint32_t rank) {
  const unsigned char* own = emulated_own_cta().shared;
  return (*emulated_cluster)[rank]->shared + (static_cast<const unsigned char*>(address) - own);
}

inline void emulated_cluster_arrive() { emulated_cluster_token.emplace(emulated_cluster_barrier->arrive()); }

inline void emulated_cluster_wait() {
  emulated_cluster_barrier->wait(std::move(*emulated_cluster_token));
  emulated_cluster_token.reset();
}

inline void __syncthreads() { emulated_own_cta().block.arrive_and_wait(); }

inline void __syncwarp(unsigned = 0xffffffffu) {
  emulated_own_warp().exchange.arrive_and_wait();
}

template <typename T>
T emulated_shuffle(T value, unsigned source_in_segment, int width) {
  EmulatedWarp& warp = emulated_own_warp();
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

template <typename T>
T __shfl(T value, int source, int width) {
  return emulated_shuffle(value, unsigned(source), width);
}

template <typename T>
T __shfl_xor(T value, int mask, int width) {
  return emulated_shuffle(value, (threadIdx.x % emulated_lanes) ^ unsigned(mask), width);
}

inline void emulated_wave_barrier() { emulated_own_warp().exchange.arrive_and_wait(); }

// A DPP move within rows of 16 lanes: quad_perm (controls 0x00-0xff), row_ror:8 (0x128),
// row_mirror (0x140), row_half_mirror (0x141) and RDNA's row_xmask (0x160-0x16f).
inline uint32_t emulated_dpp_move(uint32_t word, int control) {
  unsigned lane = threadIdx.x % emulated_lanes;
  unsigned source = lane;
  if (control <= 0xff) source = (lane & ~3u) | (unsigned(control) >> 2 * (lane & 3u) & 3u);
  else if (control == 0x128) source = lane ^ 8u;
  else if (control == 0x140) source = lane ^ 15u;
  else if (control == 0x141) source = lane ^ 7u;
  else if (control >= 0x160 && control < 0x170) source = lane ^ unsigned(control - 0x160);
  return emulated_shuffle(word, source, emulated_lanes);
}

// v_permlanex16 (RDNA): the word of the lane of the other row of 16 in each 32 that nibble
// lane % 8 of `low` (lanes 0-7 of a row) or `high` (lanes 8-15) names.
inline uint32_t emulated_permlane_x16(uint32_t word, uint32_t low, uint32_t high) {
  unsigned lane = threadIdx.x % emulated_lanes;
  unsigned within = lane & 15u;
  unsigned nibble = ((within < 8 ? low : high) >> 4 * (within & 7u)) & 15u;
  return emulated_shuffle(word, (lane & ~31u) | ((lane & 16u) ^ 16u) | nibble, emulated_lanes);
}

// v_permlane16_swap / v_permlane32_swap: lanes with bit `lane_bit` set trade word a for word b
// of their partner across that bit; the others trade word b for the partner's word a.
inline void emulated_lane_swap(uint32_t a, uint32_t b, int lane_bit, uint32_t* pair) {
  unsigned lane = threadIdx.x % emulated_lanes;
  unsigned partner = lane ^ (1u << lane_bit);
  uint32_t partner_a = emulated_shuffle(a, partner, emulated_lanes);
  uint32_t partner_b = emulated_shuffle(b, partner, emulated_lanes);
  bool upper = lane >> lane_bit & 1u;
  pair[0] = upper ? partner_b : a;
  pair[1] = upper ? b : partner_a;
}

// ds_read_b64_tr_b16 / _b8: in each group of 16 lanes, lane l's element r is element l % E of
// the 64-bit chunk that lane 16 (l / 16) + (l % 16) / E + r (16 / E) addresses.
inline void emulated_read_transposed(const void* address, int element_bits, void* chunk) {
  unsigned lane = threadIdx.x % emulated_lanes;
  unsigned elements = 64u / unsigned(element_bits), bytes = unsigned(element_bits) / 8u;
  uintptr_t own = reinterpret_cast<uintptr_t>(address);
  for (unsigned r = 0; r < elements; ++r) {
    unsigned source = 16u * (lane / 16u) + (lane % 16u) / elements + r * (16u / elements);
    uintptr_t read = emulated_shuffle(own, source, emulated_lanes);
    std::memcpy(static_cast<unsigned char*>(chunk) + r * bytes,
                reinterpret_cast<const unsigned char*>(read) + (lane % elements) * bytes, bytes);
  }
}

// The byte `byte` of word `matrix` of `lane` in ldmatrix / stmatrix .m8n8 .b16, once the
// lanes' row addresses are in the warp's slots: lane l gave row l % 8 of matrix l / 8; the word
// is bytes 4 (lane % 4) .. 4 (lane % 4) + 3 of row lane / 4, or with .trans the 16-bit
// elements at rows 2 (lane % 4) and 2 (lane % 4) + 1, column lane / 4.
inline unsigned char* emulated_matrix_byte(const EmulatedWarp& warp, unsigned lane, int matrix, int byte,
                                           bool transposed) {
  unsigned row = transposed ? 2 * (lane % 4) + byte / 2 : lane / 4;
  unsigned byte_in_row = transposed ? 2 * (lane / 4) + byte % 2 : 4 * (lane % 4) + byte;
  return reinterpret_cast<unsigned char*>(warp.slots[8 * matrix + row]) + byte_in_row;
}

inline void emulated_ld_matrix(const void* row_address, int matrices, bool transposed, uint32_t* words) {
  EmulatedWarp& warp = emulated_own_warp();
  unsigned lane = threadIdx.x % emulated_lanes;
  warp.slots[lane] = reinterpret_cast<uintptr_t>(row_address);
  warp.exchange.arrive_and_wait();
  for (int matrix = 0; matrix < matrices; ++matrix) {
    unsigned char bytes[4];
    for (int byte = 0; byte < 4; ++byte) bytes[byte] = *emulated_matrix_byte(warp, lane, matrix, byte, transposed);
    std::memcpy(&words[matrix], bytes, sizeof bytes);
  }
  warp.exchange.arrive_and_wait();
}

inline void emulated_st_matrix(void* row_address, int matrices, bool transposed, const uint32_t* words) {
  EmulatedWarp& warp = emulated_own_warp();
  unsigned lane = threadIdx.x % emulated_lanes;
  warp.slots[lane] = reinterpret_cast<uintptr_t>(row_address);
  warp.exchange.arrive_and_wait();
  for (int matrix = 0; matrix < matrices; ++matrix) {
    unsigned char bytes[4];
    std::memcpy(bytes, &words[matrix], sizeof bytes);
    for (int byte = 0; byte < 4; ++byte) *emulated_matrix_byte(warp, lane, matrix, byte, transposed) = bytes[byte];
  }
  warp.exchange.arrive_and_wait();
}
