//===- PTXAttrs.td - ptx dialect enums and attributes ------*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXATTRS_TD
#define PTXJIT_DIALECT_PTX_IR_PTXATTRS_TD

include "ptxjit/Dialect/PTX/IR/PTXDialect.td"
include "mlir/IR/EnumAttr.td"

class PTX_I32Enum<string name, string summary, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, summary, cases> {
  let cppNamespace = "::ptxjit::ptx";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

def PTX_RoundingMode : PTX_I32Enum<"RoundingMode", "PTX rounding modifier", [
    I32EnumAttrCase<"rn", 0>, I32EnumAttrCase<"rz", 1>,
    I32EnumAttrCase<"rm", 2>, I32EnumAttrCase<"rp", 3>,
    I32EnumAttrCase<"rna", 4>,
    I32EnumAttrCase<"rni", 5>, I32EnumAttrCase<"rzi", 6>,
    I32EnumAttrCase<"rmi", 7>, I32EnumAttrCase<"rpi", 8>,
    I32EnumAttrCase<"rs", 9>]>;
def PTX_RoundingModeAttr : EnumAttr<PTX_Dialect, PTX_RoundingMode, "rnd">;

// The lowering maps these onto the runtime's PtxrtFormat codes
// (ptxjit/Runtime/ABI.h) with an explicit switch.
def PTX_NarrowFormat : PTX_I32Enum<"NarrowFormat",
    "a format cvt converts to or from bit patterns", [
    I32EnumAttrCase<"f16", 1>, I32EnumAttrCase<"bf16", 2>,
    I32EnumAttrCase<"tf32", 3>, I32EnumAttrCase<"e4m3", 4>,
    I32EnumAttrCase<"e5m2", 5>, I32EnumAttrCase<"e2m3", 6>,
    I32EnumAttrCase<"e3m2", 7>, I32EnumAttrCase<"e2m1", 8>,
    I32EnumAttrCase<"ue8m0", 9>, I32EnumAttrCase<"s2f6", 11>]>;
def PTX_NarrowFormatAttr : EnumAttr<PTX_Dialect, PTX_NarrowFormat, "format">;

def PTX_ApproxFn : PTX_I32Enum<"ApproxFn", "an approximate function", [
    I32EnumAttrCase<"sin", 0>, I32EnumAttrCase<"cos", 1>,
    I32EnumAttrCase<"lg2", 2>, I32EnumAttrCase<"ex2", 3>,
    I32EnumAttrCase<"tanh", 4>, I32EnumAttrCase<"rcp", 5>,
    I32EnumAttrCase<"sqrt", 6>, I32EnumAttrCase<"rsqrt", 7>,
    I32EnumAttrCase<"div", 8>, I32EnumAttrCase<"div_full", 9>]>;
def PTX_ApproxFnAttr : EnumAttr<PTX_Dialect, PTX_ApproxFn, "approx_fn">;

def PTX_TestKind : PTX_I32Enum<"TestKind", "a testp property", [
    I32EnumAttrCase<"finite", 0>, I32EnumAttrCase<"infinite", 1>,
    I32EnumAttrCase<"number", 2>, I32EnumAttrCase<"notanumber", 3>,
    I32EnumAttrCase<"normal", 4>, I32EnumAttrCase<"subnormal", 5>]>;
def PTX_TestKindAttr : EnumAttr<PTX_Dialect, PTX_TestKind, "test_kind">;

//===----------------------------------------------------------------------===//
// Integer multiply part
//===----------------------------------------------------------------------===//

def PTX_MulMode : PTX_I32Enum<"MulMode", "which part of a product to keep", [
    I32EnumAttrCase<"lo", 0>, I32EnumAttrCase<"hi", 1>,
    I32EnumAttrCase<"wide", 2>]>;
def PTX_MulModeAttr : EnumAttr<PTX_Dialect, PTX_MulMode, "mul_mode">;

//===----------------------------------------------------------------------===//
// Comparison
//===----------------------------------------------------------------------===//

def PTX_CmpOp : PTX_I32Enum<"CmpOp", "PTX comparison operator", [
    I32EnumAttrCase<"eq", 0>, I32EnumAttrCase<"ne", 1>,
    I32EnumAttrCase<"lt", 2>, I32EnumAttrCase<"le", 3>,
    I32EnumAttrCase<"gt", 4>, I32EnumAttrCase<"ge", 5>,
    I32EnumAttrCase<"lo", 6>, I32EnumAttrCase<"ls", 7>,
    I32EnumAttrCase<"hi", 8>, I32EnumAttrCase<"hs", 9>,
    I32EnumAttrCase<"equ", 10>, I32EnumAttrCase<"neu", 11>,
    I32EnumAttrCase<"ltu", 12>, I32EnumAttrCase<"leu", 13>,
    I32EnumAttrCase<"gtu", 14>, I32EnumAttrCase<"geu", 15>,
    I32EnumAttrCase<"num", 16>, I32EnumAttrCase<"nan", 17>]>;
def PTX_CmpOpAttr : EnumAttr<PTX_Dialect, PTX_CmpOp, "cmp">;

//===----------------------------------------------------------------------===//
// State spaces
//===----------------------------------------------------------------------===//

def PTX_StateSpace : PTX_I32Enum<"StateSpace", "PTX state space", [
    I32EnumAttrCase<"generic", 0>, I32EnumAttrCase<"global", 1>,
    I32EnumAttrCase<"shared", 2>, I32EnumAttrCase<"local", 3>,
    I32EnumAttrCase<"param", 4>, I32EnumAttrCase<"constant", 5, "const">]>;
def PTX_StateSpaceAttr : EnumAttr<PTX_Dialect, PTX_StateSpace, "space">;

//===----------------------------------------------------------------------===//
// Memory consistency model (chapter 8)
//===----------------------------------------------------------------------===//

// The `.sem` of a memory operation or fence (8.4). `weak` is the plain access
// of `ld`/`st` without a qualifier, spelled out only where an op needs to
// tell it from the others.
def PTX_MemoryOrder : PTX_I32Enum<"MemoryOrder", "memory ordering", [
    I32EnumAttrCase<"weak", 0>, I32EnumAttrCase<"relaxed", 1>,
    I32EnumAttrCase<"acquire", 2>, I32EnumAttrCase<"release", 3>,
    I32EnumAttrCase<"acq_rel", 4>, I32EnumAttrCase<"sc", 5>]>;
def PTX_MemoryOrderAttr : EnumAttr<PTX_Dialect, PTX_MemoryOrder, "order">;

// The `.scope` of a memory operation or fence (8.5): the set of threads it
// synchronizes with.
def PTX_MemScope : PTX_I32Enum<"MemScope", "memory scope", [
    I32EnumAttrCase<"cta", 0>, I32EnumAttrCase<"cluster", 1>,
    I32EnumAttrCase<"gpu", 2>, I32EnumAttrCase<"sys", 3>]>;
def PTX_MemScopeAttr : EnumAttr<PTX_Dialect, PTX_MemScope, "scope">;

// The proxies a proxy fence orders (8.6, 9.7.13.4): `fence.proxy.<kind>`
// and `membar.proxy.<kind>` are bidirectional, `tensormap_generic` and
// `async_generic` are the unidirectional `fence.proxy.tensormap::generic`
// and `fence.proxy.async::generic` (`::` is spelled `_`, so that the
// attribute parses back).
def PTX_ProxyKind : PTX_I32Enum<"ProxyKind", "proxy of a proxy fence", [
    I32EnumAttrCase<"alias", 0>, I32EnumAttrCase<"async", 1>,
    I32EnumAttrCase<"async_global", 2, "async.global">,
    I32EnumAttrCase<"async_shared_cta", 3, "async.shared_cta">,
    I32EnumAttrCase<"async_shared_cluster", 4, "async.shared_cluster">,
    I32EnumAttrCase<"tensormap_generic", 5>,
    I32EnumAttrCase<"async_generic", 6>]>;
def PTX_ProxyKindAttr : EnumAttr<PTX_Dialect, PTX_ProxyKind, "proxy">;

//===----------------------------------------------------------------------===//
// Bit-field and shift modes
//===----------------------------------------------------------------------===//

def PTX_ClampMode : PTX_I32Enum<"ClampMode",
    "how an out-of-range position or amount is treated", [
    I32EnumAttrCase<"clamp", 0>, I32EnumAttrCase<"wrap", 1>]>;
def PTX_ClampModeAttr : EnumAttr<PTX_Dialect, PTX_ClampMode, "clamp_mode">;

def PTX_PrmtMode : PTX_I32Enum<"PrmtMode", "byte permute mode", [
    I32EnumAttrCase<"generic", 0>, I32EnumAttrCase<"f4e", 1>,
    I32EnumAttrCase<"b4e", 2>, I32EnumAttrCase<"rc8", 3>,
    I32EnumAttrCase<"ecl", 4>, I32EnumAttrCase<"ecr", 5>,
    I32EnumAttrCase<"rc16", 6>]>;
def PTX_PrmtModeAttr : EnumAttr<PTX_Dialect, PTX_PrmtMode, "prmt_mode">;

//===----------------------------------------------------------------------===//
// Special registers
//===----------------------------------------------------------------------===//

def PTX_SpecialReg : PTX_I32Enum<"SpecialReg", "PTX special register", [
    I32EnumAttrCase<"tid_x", 0>, I32EnumAttrCase<"tid_y", 1>,
    I32EnumAttrCase<"tid_z", 2>,
    I32EnumAttrCase<"ntid_x", 3>, I32EnumAttrCase<"ntid_y", 4>,
    I32EnumAttrCase<"ntid_z", 5>,
    I32EnumAttrCase<"ctaid_x", 6>, I32EnumAttrCase<"ctaid_y", 7>,
    I32EnumAttrCase<"ctaid_z", 8>,
    I32EnumAttrCase<"nctaid_x", 9>, I32EnumAttrCase<"nctaid_y", 10>,
    I32EnumAttrCase<"nctaid_z", 11>,
    I32EnumAttrCase<"laneid", 12>, I32EnumAttrCase<"warpid", 13>,
    I32EnumAttrCase<"nwarpid", 14>, I32EnumAttrCase<"smid", 15>,
    I32EnumAttrCase<"nsmid", 16>, I32EnumAttrCase<"gridid", 17>,
    I32EnumAttrCase<"lanemask_eq", 18>, I32EnumAttrCase<"lanemask_le", 19>,
    I32EnumAttrCase<"lanemask_lt", 20>, I32EnumAttrCase<"lanemask_ge", 21>,
    I32EnumAttrCase<"lanemask_gt", 22>,
    I32EnumAttrCase<"clock", 23>, I32EnumAttrCase<"clock_hi", 24>,
    I32EnumAttrCase<"clock64", 25>, I32EnumAttrCase<"globaltimer", 26>,
    I32EnumAttrCase<"globaltimer_lo", 27>, I32EnumAttrCase<"globaltimer_hi", 28>,
    I32EnumAttrCase<"envreg", 29>,
    I32EnumAttrCase<"dynamic_smem_size", 30>,
    I32EnumAttrCase<"total_smem_size", 31>,
    I32EnumAttrCase<"aggr_smem_size", 32>,
    I32EnumAttrCase<"warpsz", 33>,
    I32EnumAttrCase<"is_explicit_cluster", 34>,
    I32EnumAttrCase<"cluster_ctarank", 35>,
    I32EnumAttrCase<"cluster_nctarank", 36>,
    I32EnumAttrCase<"cluster_ctaid_x", 37>, I32EnumAttrCase<"cluster_ctaid_y", 38>,
    I32EnumAttrCase<"cluster_ctaid_z", 39>,
    I32EnumAttrCase<"cluster_nctaid_x", 40>, I32EnumAttrCase<"cluster_nctaid_y", 41>,
    I32EnumAttrCase<"cluster_nctaid_z", 42>,
    I32EnumAttrCase<"clusterid_x", 43>, I32EnumAttrCase<"clusterid_y", 44>,
    I32EnumAttrCase<"clusterid_z", 45>,
    I32EnumAttrCase<"nclusterid_x", 46>, I32EnumAttrCase<"nclusterid_y", 47>,
    I32EnumAttrCase<"nclusterid_z", 48>,
    I32EnumAttrCase<"pm", 49>, I32EnumAttrCase<"pm64", 50>,
    I32EnumAttrCase<"reserved_smem", 51>,
    I32EnumAttrCase<"current_graph_exec", 52>]>;
def PTX_SpecialRegAttr : EnumAttr<PTX_Dialect, PTX_SpecialReg, "sreg">;

// The warp collectives of ptx.warp_collective (9.7.13.7-9.7.13.12 and
// bar.warp.sync); the lowering maps each onto the scheduler's
// CollectiveOp (Runtime/ABI.h), picking the signed redux min/max by
// `is_signed` and the 64-bit match by the operand's width.
def PTX_CollectiveKind : PTX_I32Enum<"CollectiveKind", "warp collective", [
    I32EnumAttrCase<"shfl_up", 0, "shfl.up">,
    I32EnumAttrCase<"shfl_down", 1, "shfl.down">,
    I32EnumAttrCase<"shfl_bfly", 2, "shfl.bfly">,
    I32EnumAttrCase<"shfl_idx", 3, "shfl.idx">,
    I32EnumAttrCase<"vote_all", 4, "vote.all">,
    I32EnumAttrCase<"vote_any", 5, "vote.any">,
    I32EnumAttrCase<"vote_uni", 6, "vote.uni">,
    I32EnumAttrCase<"vote_ballot", 7, "vote.ballot">,
    I32EnumAttrCase<"match_any", 8, "match.any">,
    I32EnumAttrCase<"match_all", 9, "match.all">,
    I32EnumAttrCase<"redux_add", 10, "redux.add">,
    I32EnumAttrCase<"redux_min", 11, "redux.min">,
    I32EnumAttrCase<"redux_max", 12, "redux.max">,
    I32EnumAttrCase<"redux_and", 13, "redux.and">,
    I32EnumAttrCase<"redux_or", 14, "redux.or">,
    I32EnumAttrCase<"redux_xor", 15, "redux.xor">,
    I32EnumAttrCase<"activemask", 16>,
    I32EnumAttrCase<"warp_sync", 17, "warp.sync">,
    I32EnumAttrCase<"elect", 18, "elect.sync">,
    I32EnumAttrCase<"redux_fmin", 19, "redux.min.f32">,
    I32EnumAttrCase<"redux_fmax", 20, "redux.max.f32">]>;
def PTX_CollectiveKindAttr
    : EnumAttr<PTX_Dialect, PTX_CollectiveKind, "collective">;

// The operations on mbarrier objects of ptx.mbarrier (9.7.13.15).
def PTX_MbarrierKind : PTX_I32Enum<"MbarrierKind", "mbarrier operation", [
    I32EnumAttrCase<"init", 0>,
    I32EnumAttrCase<"inval", 1>,
    I32EnumAttrCase<"arrive", 2>,
    I32EnumAttrCase<"arrive_drop", 3>,
    I32EnumAttrCase<"expect_tx", 4>,
    I32EnumAttrCase<"complete_tx", 5>,
    I32EnumAttrCase<"test_wait", 6>,
    I32EnumAttrCase<"pending_count", 7>]>;
def PTX_MbarrierKindAttr
    : EnumAttr<PTX_Dialect, PTX_MbarrierKind, "mbarrier_kind">;

// The reduction of bar.red (9.7.13.1).
def PTX_BarrierReduction : PTX_I32Enum<"BarrierReduction",
    "barrier reduction", [
    I32EnumAttrCase<"popc", 0>, I32EnumAttrCase<"band", 1, "and">,
    I32EnumAttrCase<"bor", 2, "or">]>;
def PTX_BarrierReductionAttr
    : EnumAttr<PTX_Dialect, PTX_BarrierReduction, "bar_red">;

// The cache operators of ld and st (9.7.9.1): hints with no effect on a
// CPU, kept so that the IR says what the PTX said.
def PTX_CacheOperator : PTX_I32Enum<"CacheOperator", "cache operator", [
    I32EnumAttrCase<"ca", 0>, I32EnumAttrCase<"cg", 1>,
    I32EnumAttrCase<"cs", 2>, I32EnumAttrCase<"lu", 3>,
    I32EnumAttrCase<"cv", 4>, I32EnumAttrCase<"wb", 5>,
    I32EnumAttrCase<"wt", 6>]>;
def PTX_CacheOperatorAttr
    : EnumAttr<PTX_Dialect, PTX_CacheOperator, "cache_op">;

//===----------------------------------------------------------------------===//
// Video instructions (9.7.16, 9.7.17)
//===----------------------------------------------------------------------===//

// The primary operation of a video instruction: the scalar ptx.video takes
// vadd vsub vabsdiff vmin vmax vshl vshr vset, the SIMD ptx.video_simd
// vadd vsub vavrg vabsdiff vmin vmax vset (as vadd2/vadd4, ...).
def PTX_VideoOperation : PTX_I32Enum<"VideoOperation",
    "the primary operation of a video instruction", [
    I32EnumAttrCase<"vadd", 0>, I32EnumAttrCase<"vsub", 1>,
    I32EnumAttrCase<"vabsdiff", 2>, I32EnumAttrCase<"vmin", 3>,
    I32EnumAttrCase<"vmax", 4>, I32EnumAttrCase<"vshl", 5>,
    I32EnumAttrCase<"vshr", 6>, I32EnumAttrCase<"vavrg", 7>,
    I32EnumAttrCase<"vset", 8>]>;
def PTX_VideoOperationAttr
    : EnumAttr<PTX_Dialect, PTX_VideoOperation, "video_op">;

// The byte or half-word a scalar video instruction reads from a source
// (`a.b2`) or merges its result into (`d.h1`).
def PTX_VideoSelector : PTX_I32Enum<"VideoSelector",
    "a byte or half-word of a scalar video operand", [
    I32EnumAttrCase<"b0", 0>, I32EnumAttrCase<"b1", 1>,
    I32EnumAttrCase<"b2", 2>, I32EnumAttrCase<"b3", 3>,
    I32EnumAttrCase<"h0", 4>, I32EnumAttrCase<"h1", 5>]>;
def PTX_VideoSelectorAttr
    : EnumAttr<PTX_Dialect, PTX_VideoSelector, "video_sel">;

// The secondary operation of a scalar video instruction with its third
// operand c.
def PTX_VideoSecondaryOp : PTX_I32Enum<"VideoSecondaryOp",
    "the secondary operation of a scalar video instruction", [
    I32EnumAttrCase<"add", 0>, I32EnumAttrCase<"min", 1>,
    I32EnumAttrCase<"max", 2>]>;
def PTX_VideoSecondaryOpAttr
    : EnumAttr<PTX_Dialect, PTX_VideoSecondaryOp, "video_secop">;

// vmad's scaling of its intermediate result.
def PTX_VmadScale : PTX_I32Enum<"VmadScale", "vmad's right shift", [
    I32EnumAttrCase<"shr7", 0>, I32EnumAttrCase<"shr15", 1>]>;
def PTX_VmadScaleAttr : EnumAttr<PTX_Dialect, PTX_VmadScale, "vmad_scale">;

#endif // PTXJIT_DIALECT_PTX_IR_PTXATTRS_TD
