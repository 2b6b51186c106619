//===- PTXInstrs.td - the PTX instruction table ------------*- tablegen -*-===//
//
// Part of the ptxjit project.
//
//===----------------------------------------------------------------------===//
//
// One entry per PTX opcode: its family, its ISA section, how it relates to
// guards, the FunctionEmitter call that emits it and every modifier it
// accepts. docs/contributing.md explains how to add an instruction.
//
//===----------------------------------------------------------------------===//

#ifndef PTXJIT_DIALECT_PTX_IR_PTXINSTRS_TD
#define PTXJIT_DIALECT_PTX_IR_PTXINSTRS_TD

include "ptxjit/Dialect/PTX/IR/PTXInstrBase.td"

//===----------------------------------------------------------------------===//
// Modifier groups
//===----------------------------------------------------------------------===//

def Mod_Rounding : PTX_EnumModifiers<PTX_RoundingMode, ["rn", "rz", "rm", "rp"],
    "IEEE rounding">;
def Mod_CvtRounding : PTX_EnumModifiers<PTX_RoundingMode, [],
    "every rounding of cvt: IEEE, integral, .rna and stochastic .rs">;
def Mod_MulPart : PTX_EnumModifiers<PTX_MulMode, [], "the part of a product">;
def Mod_HiLo : PTX_EnumModifiers<PTX_MulMode, ["lo", "hi"],
    "the low or high half">;
def Mod_Cmp : PTX_EnumModifiers<PTX_CmpOp, [], "comparison operator">;
def Mod_Clamp : PTX_EnumModifiers<PTX_ClampMode, [], "out-of-range handling">;
def Mod_Prmt : PTX_EnumModifiers<PTX_PrmtMode,
    ["f4e", "b4e", "rc8", "ecl", "ecr", "rc16"], "byte permute mode">;
def Mod_TestKind : PTX_EnumModifiers<PTX_TestKind, [], "the property tested">;

def Mod_cc : PTX_Flag<"cc", "write the carry flag">;
def Mod_sat : PTX_Flag<"sat", "saturate">;
def Mod_ftz : PTX_Flag<"ftz", "flush subnormals to zero">;
def Mod_relu : PTX_Flag<"relu", "clamp negative results to zero">;
def Mod_oob : PTX_Flag<"oob", "out-of-bounds NaN inputs give zero">;
def Mod_satfinite : PTX_Flag<"satfinite", "saturate to the finite range">;
def Mod_NaN : PTX_Flag<"NaN", "propagate NaN">;
def Mod_xorsign : PTX_Flag<"xorsign", "the XOR of the input signs">;
def Mod_abs : PTX_Flag<"abs", "absolute value">;
def Mod_approx : PTX_Flag<"approx", "approximate">;
def Mod_ApproxFull : PTX_Modifiers<["approx", "full"], "approximate division">;
def Mod_shiftamt : PTX_Flag<"shiftamt", "a shift amount">;
def Mod_uni : PTX_Flag<"uni", "non-divergent">;
def Mod_idx : PTX_Flag<"idx", "indexed branch">;
def Mod_BoolOp : PTX_Modifiers<["and", "or", "xor"],
    "combination with a predicate">;
def Mod_Lop3Op : PTX_Modifiers<["and", "or"], "combination with a predicate">;
def Mod_ShfDir : PTX_Modifiers<["l", "r"], "funnel shift direction">;
def Mod_pack : PTX_Flag<"pack", "pack two integers">;
def Mod_scaled : PTX_Flag<"scaled::n2::ue8m0", "scale by a ue8m0 factor">;
def Mod_PackConvertTypes : PTX_Modifiers<["u16", "s16", "u8", "s8", "u4", "s4",
    "u2", "s2"], "the integer types cvt.pack converts to">;
def Mod_NarrowTypes : PTX_Modifiers<["tf32", "e4m3x2", "e5m2x2", "e2m3x2",
    "e3m2x2", "e2m1x2", "ue8m0x2", "s2f6x2", "e4m3x4", "e5m2x4", "e2m3x4",
    "e3m2x4", "e2m1x4"], "the packed narrow formats and tf32">;

def Mod_Space : PTX_Modifiers<["global", "shared", "shared::cta",
    "shared::cluster", "local", "param", "param::entry", "param::func",
    "const"], "state space">;
def Mod_CvtaSpace : PTX_Modifiers<["global", "shared", "shared::cta",
    "shared::cluster", "local", "param", "param::entry", "const"],
    "state space">;
def Mod_SharedCluster : PTX_Flag<"shared::cluster",
    "the shared memory window of the cluster">;
def Mod_to : PTX_Flag<"to", "generic to the state space">;
def Mod_volatile : PTX_Flag<"volatile", "volatile access">;
def Mod_L2CacheHint : PTX_Flag<"L2::cache_hint", "cache policy operand">;
def Mod_LdSem : PTX_EnumModifiers<PTX_MemoryOrder, ["relaxed", "acquire"],
    "memory ordering">;
def Mod_StSem : PTX_EnumModifiers<PTX_MemoryOrder, ["relaxed", "release"],
    "memory ordering">;
def Mod_mmio : PTX_Flag<"mmio", "memory-mapped I/O (with .relaxed.sys)">;
def Mod_async : PTX_Flag<"async", "an asynchronous copy or store">;
def Mod_BulkCompletion : PTX_Modifiers<["mbarrier::complete_tx::bytes",
    "bulk_group"], "completion mechanism">;
def Mod_Vector : PTX_Modifiers<["v2", "v4", "v8"], "vector width">;
def Mod_CacheHints : PTX_Modifiers<["ca", "cg", "cs", "lu", "cv", "wb", "wt",
    "nc", "weak", "L1::evict_normal", "L1::evict_unchanged",
    "L1::evict_first", "L1::evict_last", "L1::no_allocate",
    "L2::evict_normal", "L2::evict_first", "L2::evict_last", "L2::64B",
    "L2::128B", "L2::256B"],
    "cache operators and eviction hints (no effect on a CPU)">;
def Mod_PrefetchSpace : PTX_Modifiers<["global", "local", "const", "param"],
    "state space">;
def Mod_tensormap : PTX_Flag<"tensormap", "prefetch a tensor map">;
def Mod_PrefetchLevel : PTX_Modifiers<["L1", "L2", "L2::evict_last",
    "L2::evict_normal"], "cache level">;

def Mod_AtomSem : PTX_EnumModifiers<PTX_MemoryOrder,
    ["relaxed", "acquire", "release", "acq_rel"], "memory ordering">;
def Mod_Scope : PTX_EnumModifiers<PTX_MemScope, [], "scope">;
def Mod_noftz : PTX_Flag<"noftz", "keep subnormals">;
def Mod_AtomOp : PTX_Modifiers<["add", "min", "max", "inc", "dec", "and",
    "or", "xor", "exch", "cas"], "atomic operation">;

def Mod_warp : PTX_Flag<"warp", "the warp barrier">;
def Mod_BarrierForm : PTX_Modifiers<["sync", "arrive", "red"],
    "barrier operation">;
def Mod_BarrierCta : PTX_Flag<"cta", "CTA barrier">;
def Mod_BarrierCluster : PTX_Flag<"cluster", "the cluster barrier">;
def Mod_BarrierOp : PTX_Modifiers<["sync", "arrive", "red", "wait"],
    "barrier operation">;
def Mod_ClusterBarrierSem : PTX_Modifiers<["release", "relaxed", "acquire"],
    "memory ordering of barrier.cluster">;
def Mod_aligned : PTX_Flag<"aligned", "all threads execute it">;
def Mod_BarRedOp : PTX_Modifiers<["popc", "and", "or"],
    "bar.red reduction">;
def Mod_MembarLevel : PTX_Modifiers<["cta", "gl", "sys"], "membar level">;
def Mod_proxy : PTX_Flag<"proxy", "a proxy fence">;
def Mod_ProxyKind : PTX_Modifiers<["alias", "async", "tensormap::generic",
    "async::generic"], "the proxies a proxy fence orders">;
def Mod_ProxyAsyncSpace : PTX_Modifiers<["global", "shared::cta",
    "shared::cluster"], "the state space of an async proxy fence">;
def Mod_mbarrier_init : PTX_Flag<"mbarrier_init",
    "order prior mbarrier.init (op_restrict)">;
def Mod_SyncRestrict : PTX_Modifiers<["sync_restrict::shared::cta",
    "sync_restrict::shared::cluster"], "the shared window a fence orders">;
def Mod_FenceSem : PTX_EnumModifiers<PTX_MemoryOrder,
    ["sc", "acq_rel", "acquire", "release"], "memory ordering">;
def Mod_sync : PTX_Flag<"sync", "with a member mask">;
def Mod_ShflMode : PTX_Modifiers<["up", "down", "bfly", "idx"],
    "shuffle mode">;
def Mod_VoteMode : PTX_Modifiers<["all", "any", "uni", "ballot"],
    "vote mode">;
def Mod_MatchMode : PTX_Modifiers<["any", "all"], "match mode">;
def Mod_ReduxOp : PTX_Modifiers<["add", "min", "max", "and", "or", "xor"],
    "reduction">;
def Mod_ReduxFloat : PTX_Modifiers<["abs", "NaN"],
    "floating-point redux modifiers">;

def Mod_PolicyKind : PTX_Modifiers<["fractional", "range", "cvt"],
    "how a cache policy is made">;
def Mod_L2 : PTX_Flag<"L2", "the L2 cache">;
def Mod_EvictionPriority : PTX_Modifiers<["L2::evict_last", "L2::evict_normal",
    "L2::evict_first", "L2::evict_unchanged"],
    "L2 eviction priority (no effect on a CPU)">;
def Mod_global : PTX_Flag<"global", "global state space">;
def Mod_mask : PTX_Flag<"mask", "a mask of performance-monitor events">;
def Mod_RegCountAction : PTX_Modifiers<["inc", "dec"],
    "raise or lower the register count">;

def Mod_GriddepAction : PTX_Modifiers<["launch_dependents", "wait"],
    "programmatic dependent launch action">;

/// What the floating-point forms of add, sub, mul and mad accept.
defvar FloatArithMods = [Mod_Rounding, Mod_ftz, Mod_sat];
/// What div, rem (through the float form of div), sqrt and rcp accept.
defvar DivSqrtRcpMods = [Mod_ftz, Mod_ApproxFull, Mod_Rounding];
/// The warp collectives with a member mask.
defvar CollectiveMods = [Mod_sync];

//===----------------------------------------------------------------------===//
// Integer and floating-point arithmetic (9.7.1 - 9.7.5)
//===----------------------------------------------------------------------===//

class ArithInstr<string opcode, string section, string handler,
                 list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "arithmetic", section, PTX_Pure, handler, modifiers>;

def : ArithInstr<"add", "9.7.1.1, 9.7.2.1, 9.7.3.3",
    "emitAddSub(mods, /*isSub=*/false)",
    !listconcat([Mod_cc, Mod_HiLo], FloatArithMods)> {
  let operandCounts = [3];
  let ops = ["ptx.add", "ptx.add_carry"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "u16x2", "s16x2",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f32x2", "f64"];
}
def : ArithInstr<"sub", "9.7.1.2, 9.7.2.3, 9.7.3.4",
    "emitAddSub(mods, /*isSub=*/true)",
    !listconcat([Mod_cc, Mod_HiLo], FloatArithMods)> {
  let operandCounts = [3];
  let ops = ["ptx.sub", "ptx.sub_carry"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "u16x2", "s16x2",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f32x2", "f64"];
}
def : ArithInstr<"addc", "9.7.2.2", "emitCarry(mods)", [Mod_cc, Mod_HiLo]> {
  let operandCounts = [3];
  let ops = ["ptx.add_carry"];
  let types = ["u32", "s32", "u64", "s64"];
}
def : ArithInstr<"subc", "9.7.2.4", "emitCarry(mods)", [Mod_cc, Mod_HiLo]> {
  let operandCounts = [3];
  let ops = ["ptx.sub_carry"];
  let types = ["u32", "s32", "u64", "s64"];
}
def : ArithInstr<"mul", "9.7.1.3, 9.7.3.5", "emitMul(mods)",
    !listconcat([Mod_MulPart], FloatArithMods)> {
  let operandCounts = [3];
  let ops = ["ptx.mul"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "f16", "f16x2",
    "bf16", "bf16x2", "f32", "f32x2", "f64"];
}
def : ArithInstr<"mad", "9.7.1.4, 9.7.2.5, 9.7.3.7", "emitMad(mods)",
    !listconcat([Mod_cc, Mod_MulPart], FloatArithMods)> {
  let operandCounts = [4];
  let ops = ["ptx.mad", "ptx.mad_carry", "ptx.fma"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"];
}
def : ArithInstr<"madc", "9.7.2.6", "emitCarry(mods)", [Mod_cc, Mod_HiLo]> {
  let operandCounts = [4];
  let ops = ["ptx.mad_carry"];
  let required = [Mod_HiLo];
  let types = ["u32", "s32", "u64", "s64"];
}
def : ArithInstr<"fma", "9.7.3.6, 9.7.4.4", "emitFma(mods)",
    !listconcat(FloatArithMods, [Mod_relu, Mod_oob])> {
  let operandCounts = [4];
  let ops = ["ptx.fma"];
  let types = ["f16", "f16x2", "bf16", "bf16x2", "f32", "f32x2", "f64"];
}
def : ArithInstr<"mul24", "9.7.1.5", "emitMul24(mods, /*isMad=*/false)",
    [Mod_HiLo, Mod_sat]> {
  let operandCounts = [3];
  let ops = ["ptx.mul24"];
  let required = [Mod_HiLo];
  let types = ["u32", "s32"];
}
def : ArithInstr<"mad24", "9.7.1.6", "emitMul24(mods, /*isMad=*/true)",
    [Mod_HiLo, Mod_sat]> {
  let operandCounts = [4];
  let ops = ["ptx.mad24"];
  let required = [Mod_HiLo];
  let types = ["u32", "s32"];
}
def : ArithInstr<"sad", "9.7.1.7", "emitSad(mods)"> {
  let operandCounts = [4];
  let ops = ["ptx.sad"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64"];
}
def : ArithInstr<"div", "9.7.1.8, 9.7.3.8", "emitDivRem(mods, /*isRem=*/false)",
    DivSqrtRcpMods> {
  let operandCounts = [3];
  let ops = ["ptx.div", "ptx.approx"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64"];
}
def : ArithInstr<"rem", "9.7.1.9", "emitDivRem(mods, /*isRem=*/true)",
    DivSqrtRcpMods> {
  let operandCounts = [3];
  let ops = ["ptx.rem"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64"];
}
def : ArithInstr<"abs", "9.7.1.10, 9.7.3.9", "emitAbsNeg(mods, /*isNeg=*/false)",
    [Mod_ftz]> {
  let operandCounts = [2];
  let ops = ["ptx.abs"];
  let types = ["s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "f32",
    "f64"];
}
def : ArithInstr<"neg", "9.7.1.11, 9.7.3.10", "emitAbsNeg(mods, /*isNeg=*/true)",
    [Mod_ftz]> {
  let operandCounts = [2];
  let ops = ["ptx.neg"];
  let types = ["s16", "s32", "s64", "f16", "f16x2", "bf16", "bf16x2", "f32",
    "f64"];
}
def : ArithInstr<"min", "9.7.1.12, 9.7.3.11", "emitMinMax(mods, /*isMax=*/false)",
    [Mod_relu, Mod_ftz, Mod_NaN, Mod_xorsign, Mod_abs]> {
  let operandCounts = [3, 4];
  let ops = ["ptx.min"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "u16x2", "s16x2",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"];
}
def : ArithInstr<"max", "9.7.1.13, 9.7.3.12", "emitMinMax(mods, /*isMax=*/true)",
    [Mod_relu, Mod_ftz, Mod_NaN, Mod_xorsign, Mod_abs]> {
  let operandCounts = [3, 4];
  let ops = ["ptx.max"];
  let types = ["u16", "u32", "u64", "s16", "s32", "s64", "u16x2", "s16x2",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"];
}
def : ArithInstr<"popc", "9.7.1.14", "emitBitUnary(mods)", [Mod_shiftamt]> {
  let operandCounts = [2];
  let ops = ["ptx.popc"];
  let types = ["b32", "b64"];
}
def : ArithInstr<"clz", "9.7.1.15", "emitBitUnary(mods)", [Mod_shiftamt]> {
  let operandCounts = [2];
  let ops = ["ptx.clz"];
  let types = ["b32", "b64"];
}
def : ArithInstr<"bfind", "9.7.1.16", "emitBitUnary(mods)", [Mod_shiftamt]> {
  let operandCounts = [2];
  let ops = ["ptx.bfind"];
  let types = ["u32", "u64", "s32", "s64"];
}
def : ArithInstr<"fns", "9.7.1.17", "emitFns(mods)"> {
  let operandCounts = [4];
  let ops = ["ptx.fns"];
  let types = ["b32"];
}
def : ArithInstr<"brev", "9.7.1.18", "emitBitUnary(mods)", [Mod_shiftamt]> {
  let operandCounts = [2];
  let ops = ["ptx.brev"];
  let types = ["b32", "b64"];
}
def : ArithInstr<"bfe", "9.7.1.19", "emitBfe(mods)"> {
  let operandCounts = [4];
  let ops = ["ptx.bfe"];
  let types = ["u32", "u64", "s32", "s64"];
}
def : ArithInstr<"bfi", "9.7.1.20", "emitBfi(mods)"> {
  let operandCounts = [5];
  let ops = ["ptx.bfi"];
  let types = ["b32", "b64"];
}
def : ArithInstr<"szext", "9.7.1.21", "emitSzextBmsk(mods, /*isBmsk=*/false)",
    [Mod_Clamp]> {
  let operandCounts = [3];
  let ops = ["ptx.szext"];
  let required = [Mod_Clamp];
  let types = ["u32", "s32"];
}
def : ArithInstr<"bmsk", "9.7.1.22", "emitSzextBmsk(mods, /*isBmsk=*/true)",
    [Mod_Clamp]> {
  let operandCounts = [3];
  let ops = ["ptx.bmsk"];
  let required = [Mod_Clamp];
  let types = ["b32"];
}
def : ArithInstr<"dp4a", "9.7.1.23", "emitDp(mods, /*isDp2a=*/false)",
    [Mod_HiLo]> {
  let operandCounts = [4];
  let ops = ["ptx.dp4a"];
  let types = ["u32", "s32"];
}
def : ArithInstr<"dp2a", "9.7.1.24", "emitDp(mods, /*isDp2a=*/true)",
    [Mod_HiLo]> {
  let operandCounts = [4];
  let ops = ["ptx.dp2a"];
  let required = [Mod_HiLo];
  let types = ["u32", "s32"];
}

class FloatInstr<string opcode, string section, string handler,
                 list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "floating point", section, PTX_Pure, handler,
                modifiers>;

def : FloatInstr<"testp", "9.7.3.1", "emitTestp(mods)", [Mod_TestKind]> {
  let operandCounts = [2];
  let ops = ["ptx.testp"];
  let required = [Mod_TestKind];
  let types = ["f32", "f64"];
}
def : FloatInstr<"copysign", "9.7.3.2", "emitCopysign(mods)"> {
  let operandCounts = [3];
  let ops = ["ptx.copysign"];
  let types = ["f32", "f64"];
}
def : FloatInstr<"rcp", "9.7.3.13, 9.7.3.14", "emitFloatDivSqrtRcp(mods)",
    DivSqrtRcpMods> {
  let operandCounts = [2];
  let ops = ["ptx.div", "ptx.approx"];
  let types = ["f32", "f64"];
}
def : FloatInstr<"sqrt", "9.7.3.15", "emitFloatDivSqrtRcp(mods)",
    DivSqrtRcpMods> {
  let operandCounts = [2];
  let ops = ["ptx.sqrt", "ptx.approx"];
  let types = ["f32", "f64"];
}
/// The `.approx` functions: `.approx` is required, as ptxas requires it.
class ApproxInstr<string opcode, string section, list<string> typeList>
    : FloatInstr<opcode, section, "emitApprox(mods)", [Mod_approx, Mod_ftz]> {
  let required = [Mod_approx];
  let types = typeList;
  let operandCounts = [2];
  let ops = ["ptx.approx"];
}
defvar ApproxHalfTypes = ["f16", "f16x2", "bf16", "bf16x2", "f32"];
def : ApproxInstr<"rsqrt", "9.7.3.16, 9.7.3.17", ["f32", "f64"]>;
def : ApproxInstr<"sin", "9.7.3.18", ["f32"]>;
def : ApproxInstr<"cos", "9.7.3.19", ["f32"]>;
def : ApproxInstr<"lg2", "9.7.3.20", ["f32"]>;
def : ApproxInstr<"ex2", "9.7.3.21, 9.7.4.7", ApproxHalfTypes>;
def : ApproxInstr<"tanh", "9.7.3.22, 9.7.4.6", ApproxHalfTypes>;

//===----------------------------------------------------------------------===//
// Comparison and selection (9.7.6, 9.7.7)
//===----------------------------------------------------------------------===//

class CompareInstr<string opcode, string section, string handler,
                   list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "comparison and selection", section, PTX_Pure,
                handler, modifiers>;

def : CompareInstr<"set", "9.7.6.1, 9.7.7.1", "emitSetp(mods, /*isSet=*/true)",
    [Mod_Cmp, Mod_BoolOp, Mod_ftz]> {
  let operandCounts = [3, 4];
  let ops = ["ptx.setp"];
  let required = [Mod_Cmp];
  let types = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"];
}
def : CompareInstr<"setp", "9.7.6.2, 9.7.7.2",
    "emitSetp(mods, /*isSet=*/false)", [Mod_Cmp, Mod_BoolOp, Mod_ftz]> {
  let operandCounts = [3, 4];
  let ops = ["ptx.setp"];
  let required = [Mod_Cmp];
  // `.pred` only as the destination's type next to the source type, which
  // ptxas accepts (setp.pred.lt.u32).
  let types = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "pred"];
}
def : CompareInstr<"selp", "9.7.6.3", "emitSelp(mods)"> {
  let operandCounts = [4];
  let ops = ["ptx.selp"];
}
def : CompareInstr<"slct", "9.7.6.4", "emitSlct(mods)", [Mod_ftz]> {
  let operandCounts = [4];
  let ops = ["ptx.slct"];
}

//===----------------------------------------------------------------------===//
// Logic and shift (9.7.8)
//===----------------------------------------------------------------------===//

class LogicInstr<string opcode, string section, string handler,
                 list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "logic and shift", section, PTX_Pure, handler,
                modifiers>;

def : LogicInstr<"and", "9.7.8.1", "emitLogic(mods)"> {
  let operandCounts = [3];
  let ops = ["ptx.and"];
  let types = ["pred", "b16", "b32", "b64"];
}
def : LogicInstr<"or", "9.7.8.2", "emitLogic(mods)"> {
  let operandCounts = [3];
  let ops = ["ptx.or"];
  let types = ["pred", "b16", "b32", "b64"];
}
def : LogicInstr<"xor", "9.7.8.3", "emitLogic(mods)"> {
  let operandCounts = [3];
  let ops = ["ptx.xor"];
  let types = ["pred", "b16", "b32", "b64"];
}
def : LogicInstr<"not", "9.7.8.4", "emitLogic(mods)"> {
  let operandCounts = [2];
  let ops = ["ptx.not"];
  let types = ["pred", "b16", "b32", "b64"];
}
def : LogicInstr<"cnot", "9.7.8.5", "emitLogic(mods)"> {
  let operandCounts = [2];
  let ops = ["ptx.cnot"];
  let types = ["b16", "b32", "b64"];
}
def : LogicInstr<"lop3", "9.7.8.6", "emitLop3(mods)", [Mod_Lop3Op]> {
  let operandCounts = [5, 6];
  let ops = ["ptx.lop3"];
  let types = ["b32"];
}
def : LogicInstr<"shf", "9.7.8.7", "emitShf(mods)", [Mod_ShfDir, Mod_Clamp]> {
  let operandCounts = [4];
  let ops = ["ptx.shf"];
  let required = [Mod_ShfDir, Mod_Clamp];
  let types = ["b32"];
}
def : LogicInstr<"shl", "9.7.8.8", "emitShift(mods, /*isRight=*/false)"> {
  let operandCounts = [3];
  let ops = ["ptx.shl"];
  let types = ["b16", "b32", "b64"];
}
def : LogicInstr<"shr", "9.7.8.9", "emitShift(mods, /*isRight=*/true)"> {
  let operandCounts = [3];
  let ops = ["ptx.shr"];
  let types = ["b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64"];
}

//===----------------------------------------------------------------------===//
// Data movement and conversion (9.7.9)
//===----------------------------------------------------------------------===//

class MoveInstr<string opcode, string section, PTX_InstrKind kind,
                string handler, list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "data movement and conversion", section, kind,
                handler, modifiers>;

def : MoveInstr<"mov", "9.7.9.3, 9.7.9.4", PTX_Pure, "emitMov(mods)",
                [Mod_Vector]> {
  let operandCounts = [2];
  let ops = ["ptx.pack", "ptx.unpack", "ptx.sreg"];
}
def : MoveInstr<"prmt", "9.7.9.7", PTX_Pure, "emitPrmt(mods)", [Mod_Prmt]> {
  let operandCounts = [4];
  let ops = ["ptx.prmt"];
  let types = ["b32"];
}
defvar LdMods = [Mod_volatile, Mod_mmio, Mod_L2CacheHint, Mod_LdSem,
                 Mod_Scope, Mod_Vector, Mod_Space, Mod_CacheHints];
def : MoveInstr<"ld", "9.7.9.8, 9.7.9.9", PTX_SideEffect, "emitLd(mods)",
    LdMods> {
  let operandCounts = [2, 3]; // 3: with a cache policy
  let ops = ["ptx.ld", "ptx.window_ptr"];
  let types = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
    "s8", "s16", "s32", "s64", "f32", "f64"];
}
def : MoveInstr<"ldu", "9.7.9.10", PTX_SideEffect, "emitLd(mods)", LdMods> {
  let operandCounts = [2, 3];
  let ops = ["ptx.ld", "ptx.window_ptr"];
  let types = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
    "s8", "s16", "s32", "s64", "f32", "f64"];
}
def : MoveInstr<"st", "9.7.9.11, 9.7.9.12", PTX_SideEffect, "emitSt(mods)",
    [Mod_async, Mod_volatile, Mod_mmio, Mod_L2CacheHint, Mod_StSem, Mod_Scope,
     Mod_Vector, Mod_Space, Mod_BulkCompletion, Mod_CacheHints]> {
  // 3: with a cache policy, or st.async's mbarrier
  let operandCounts = [2, 3];
  let ops = ["ptx.st", "ptx.window_ptr", "ptx.mbarrier"];
  let types = ["b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
    "s8", "s16", "s32", "s64", "f32", "f64"];
}
def Mod_CpAsyncOp : PTX_Modifiers<["ca", "cg", "commit_group", "wait_group",
    "wait_all", "mbarrier"], "cp.async operation: the cache operator of a "
    "copy, or the group or mbarrier operation">;
def Mod_CpAsyncPrefetch : PTX_Modifiers<["L2::64B", "L2::128B", "L2::256B"],
    "prefetch size (no effect on a CPU)">;
def Mod_arrive : PTX_Flag<"arrive", "an arrive-on operation">;
def Mod_noinc : PTX_Flag<"noinc", "no pending-count increment">;
def Mod_CpSpaces : PTX_Modifiers<["shared", "shared::cta", "shared::cluster",
    "global"], "state spaces of destination and source">;
def Mod_bulk : PTX_Flag<"bulk", "a bulk copy (9.7.9.25.4)">;
def Mod_reduce : PTX_Flag<"reduce", "a bulk reduction (cp.reduce.async.bulk)">;
def Mod_tensor : PTX_Flag<"tensor", "a tensor copy through a tensor map">;
def Mod_BulkPrefetch : PTX_Flag<"prefetch", "a prefetch to L2 (no effect on "
    "a CPU)">;
def Mod_TensorDim : PTX_Modifiers<["1d", "2d", "3d", "4d", "5d"],
    "tensor dimensions">;
def Mod_multicast : PTX_Flag<"multicast::cluster",
    "copy to several CTAs of the cluster">;
def Mod_ignore_oob : PTX_Flag<"ignore_oob",
    "up to 15 bytes at either end may lie outside the allocation">;
def Mod_cp_mask : PTX_Flag<"cp_mask", "a mask of the bytes copied">;
def Mod_LoadMode : PTX_Modifiers<["tile", "tile::gather4", "tile::scatter4",
    "im2col", "im2col::w", "im2col::w::128", "im2col_no_offs"],
    "tensor load mode">;
def Mod_CtaGroup : PTX_Modifiers<["cta_group::1", "cta_group::2"],
    "the CTA pair signalled (sm_100a)">;
def Mod_BulkRedOp : PTX_Modifiers<["add", "min", "max", "inc", "dec", "and",
    "or", "xor"], "bulk reduction">;
def Mod_read : PTX_Flag<"read", "wait for the source reads only">;
def : MoveInstr<"cp", "9.7.9.25.3-6", PTX_SideEffect, "emitCpAsync(mods)",
    [Mod_reduce, Mod_async, Mod_bulk, Mod_BulkPrefetch, Mod_tensor,
     Mod_TensorDim, Mod_CpAsyncOp, Mod_CpAsyncPrefetch, Mod_L2, Mod_LoadMode,
     Mod_L2CacheHint, Mod_arrive, Mod_noinc, Mod_CpSpaces, Mod_BulkCompletion,
     Mod_multicast, Mod_CtaGroup, Mod_ignore_oob, Mod_cp_mask, Mod_BulkRedOp,
     Mod_noftz, Mod_read]> {
  let required = [Mod_async];
  let types = ["b64", "f16", "bf16", "b32", "u32", "s32", "u64", "s64", "f32",
    "f64"];
  let ops = ["ptx.mbarrier", "ptx.async_bulk"];
}
def Mod_MultimemOp : PTX_Modifiers<["ld_reduce", "st", "red", "cp"],
    "multimem operation">;
def Mod_MultimemSem : PTX_EnumModifiers<PTX_MemoryOrder,
    ["relaxed", "acquire", "release"], "memory ordering">;
def Mod_weak : PTX_Flag<"weak", "a weak access">;
def Mod_AccPrec : PTX_Modifiers<["acc::f32", "acc::f16"],
    "accumulation precision of ld_reduce">;
def : MoveInstr<"multimem", "9.7.9.14, 9.7.9.25.4.4-5", PTX_SideEffect,
    "emitMultimem(mods)",
    [Mod_MultimemOp, Mod_reduce, Mod_async, Mod_bulk, Mod_weak,
     Mod_MultimemSem, Mod_Scope, Mod_global, Mod_BulkRedOp, Mod_AccPrec,
     Mod_Vector, Mod_CpSpaces, Mod_BulkCompletion, Mod_cp_mask, Mod_noftz]> {
  let required = [Mod_MultimemOp];
  let types = ["b32", "b64", "u32", "u64", "s32", "s64", "f16", "f16x2",
    "bf16", "bf16x2", "f32", "f64", "e5m2", "e5m2x2", "e5m2x4", "e4m3",
    "e4m3x2", "e4m3x4"];
  let ops = ["ptx.ld", "ptx.st", "ptx.atom", "ptx.async_bulk"];
}
def : MoveInstr<"prefetch", "9.7.9.15", PTX_SideEffect, "emitPrefetch(mods)",
    [Mod_PrefetchSpace, Mod_PrefetchLevel, Mod_tensormap]> {
  let operandCounts = [1];
}
def : MoveInstr<"prefetchu", "9.7.9.15", PTX_SideEffect, "emitPrefetch(mods)",
    [Mod_PrefetchSpace, Mod_PrefetchLevel]> {
  let operandCounts = [1];
}
def : MoveInstr<"applypriority", "9.7.9.16", PTX_SideEffect,
    "emitCacheHint(mods)", [Mod_global, Mod_EvictionPriority]> {
  let operandCounts = [2];
  let required = [Mod_EvictionPriority];
}
def : MoveInstr<"discard", "9.7.9.17", PTX_SideEffect, "emitCacheHint(mods)",
    [Mod_global, Mod_L2]> {
  let operandCounts = [2];
  let required = [Mod_L2];
}
def : MoveInstr<"createpolicy", "9.7.9.18", PTX_Pure, "emitCreatepolicy(mods)",
    [Mod_PolicyKind, Mod_global, Mod_L2, Mod_EvictionPriority]> {
  let operandCounts = [1, 2, 4];
  let required = [Mod_PolicyKind];
  let types = ["b64"];
}
def : MoveInstr<"mapa", "9.7.9.23", PTX_Pure, "emitMapa(mods)",
    [Mod_SharedCluster]> {
  let operandCounts = [3];
  let ops = ["ptx.mapa"];
  let types = ["u32", "u64"];
}
def : MoveInstr<"getctarank", "9.7.9.24", PTX_Pure, "emitMapa(mods)",
    [Mod_SharedCluster]> {
  let operandCounts = [2];
  let ops = ["ptx.getctarank"];
  let types = ["u32", "u64"];
}
def : MoveInstr<"isspacep", "9.7.9.19", PTX_Pure, "emitIsspacep(mods)",
    [Mod_CvtaSpace]> {
  let operandCounts = [2];
  let ops = ["ptx.isspacep"];
  let required = [Mod_CvtaSpace];
}
def : MoveInstr<"cvta", "9.7.9.20", PTX_Pure, "emitCvta(mods)",
    [Mod_to, Mod_CvtaSpace]> {
  let operandCounts = [2];
  let ops = ["ptx.cvta"];
  let required = [Mod_CvtaSpace];
  let types = ["u32", "u64"];
}
def : PTX_Instr<"cvt", "conversion", "9.7.9.21, 9.7.9.22", PTX_Pure,
    "emitCvt(mods)",
    [Mod_pack, Mod_CvtRounding, Mod_ftz, Mod_sat, Mod_relu, Mod_satfinite,
     Mod_scaled, Mod_NarrowTypes, Mod_PackConvertTypes]> {
  let ops = ["ptx.cvt", "ptx.cvt_to_narrow", "ptx.cvt_from_narrow"];
}

//===----------------------------------------------------------------------===//
// Control flow (9.7.12)
//===----------------------------------------------------------------------===//

class ControlInstr<string opcode, string section, PTX_InstrKind kind,
                   string handler, list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "control flow", section, kind, handler, modifiers>;

def : ControlInstr<"bra", "9.7.12.3", PTX_Branch, "emitBra(mods)", [Mod_uni]> {
  let operandCounts = [1];
}
def : ControlInstr<"brx", "9.7.12.4", PTX_Branch, "emitBrx(mods)",
    [Mod_idx, Mod_uni]> {
  let operandCounts = [2];
  let required = [Mod_idx];
}
def : ControlInstr<"call", "9.7.12.5", PTX_SideEffect, "emitCall(mods)",
    [Mod_uni]> {
  let ops = ["ptx.local_alloc", "ptx.local_free", "ptx.faulted"];
}
def : ControlInstr<"ret", "9.7.12.6", PTX_SideEffect, "emitRet(mods)",
    [Mod_uni]> {
  let operandCounts = [0];
  let ops = ["ptx.local_free"];
}
def : ControlInstr<"exit", "9.7.12.7", PTX_SideEffect, "emitRet(mods)",
    [Mod_uni]> {
  let operandCounts = [0];
}
def : ControlInstr<"trap", "", PTX_SideEffect, "emitTrap(mods)"> {
  let operandCounts = [0];
  let ops = ["ptx.trap"];
}

//===----------------------------------------------------------------------===//
// Miscellaneous instructions (9.7.19)
//===----------------------------------------------------------------------===//

class MiscInstr<string opcode, string section, string handler,
                list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "miscellaneous", section, PTX_SideEffect, handler,
                modifiers>;

def : MiscInstr<"alloca", "9.7.18.1", "emitStack(mods)"> {
  let operandCounts = [2, 3];
  let ops = ["ptx.local_alloca"];
  let types = ["u32", "u64"];
}
def : MiscInstr<"stacksave", "9.7.18.2", "emitStack(mods)"> {
  let operandCounts = [1];
  let ops = ["ptx.stack_save"];
  let types = ["u32", "u64"];
}
def : MiscInstr<"stackrestore", "9.7.18.3", "emitStack(mods)"> {
  let operandCounts = [1];
  let ops = ["ptx.stack_restore"];
  let types = ["u32", "u64"];
}
def : MiscInstr<"nanosleep", "9.7.19.2", "emitNanosleep(mods)"> {
  let operandCounts = [1];
  let ops = ["ptx.yield"];
  let types = ["u32"];
}
def : MiscInstr<"brkpt", "9.7.19.1", "emitHint(mods)"> {
  let operandCounts = [0];
}
def : MiscInstr<"pmevent", "9.7.19.3", "emitHint(mods)", [Mod_mask]> {
  let operandCounts = [1];
}
def : MiscInstr<"setmaxnreg", "9.7.19.5", "emitHint(mods)",
    [Mod_RegCountAction, Mod_sync, Mod_aligned]> {
  let operandCounts = [1];
  let required = [Mod_RegCountAction, Mod_sync, Mod_aligned];
  let types = ["u32"];
}

//===----------------------------------------------------------------------===//
// Parallel synchronization and communication (9.7.13)
//===----------------------------------------------------------------------===//

class SyncInstr<string opcode, string section, string handler,
                list<PTX_Modifiers> modifiers = []>
    : PTX_Instr<opcode, "synchronization and communication", section,
                PTX_SideEffect, handler, modifiers>;

defvar BarrierMods = [Mod_warp, Mod_BarrierCta, Mod_BarrierForm, Mod_aligned,
                      Mod_BarRedOp, Mod_sync];
def : SyncInstr<"bar", "9.7.13.1, 9.7.13.2", "emitBarrier(mods)",
    BarrierMods> {
  let ops = ["ptx.barrier", "ptx.warp_collective"];
  let required = [Mod_BarrierForm];
}
def : SyncInstr<"barrier", "9.7.13.1, 9.7.13.3", "emitBarrier(mods)",
    [Mod_warp, Mod_BarrierCta, Mod_BarrierCluster, Mod_BarrierOp,
     Mod_aligned, Mod_BarRedOp, Mod_sync, Mod_ClusterBarrierSem]> {
  let ops = ["ptx.barrier"];
  let required = [Mod_BarrierOp];
}
def : SyncInstr<"membar", "9.7.13.4", "emitFence(mods)",
    [Mod_MembarLevel, Mod_proxy, Mod_ProxyKind, Mod_ProxyAsyncSpace]> {
  let operandCounts = [0];
  let ops = ["ptx.fence"];
}
def : SyncInstr<"fence", "9.7.13.4", "emitFence(mods)",
    [Mod_proxy, Mod_ProxyKind, Mod_ProxyAsyncSpace, Mod_mbarrier_init,
     Mod_SyncRestrict, Mod_FenceSem, Mod_Scope]> {
  let operandCounts = [0, 2]; // 2: fence.proxy.tensormap::generic.acquire
  let ops = ["ptx.fence"];
}
defvar AtomMods = [Mod_AtomSem, Mod_Scope, Mod_noftz, Mod_L2CacheHint,
                   Mod_Vector, Mod_Space, Mod_AtomOp];
def Mod_RedSem : PTX_EnumModifiers<PTX_MemoryOrder, ["relaxed", "release"],
    "memory ordering">;
def : SyncInstr<"atom", "9.7.13.5", "emitAtom(mods, /*isRed=*/false)",
    AtomMods> {
  // 4: cas, or a cache policy; 5 only to report a cas with a policy.
  let operandCounts = [3, 4, 5];
  let ops = ["ptx.atom"];
  let required = [Mod_AtomOp];
  let types = ["b16", "b32", "b64", "b128", "u32", "u64", "s32", "s64",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"];
}
def : SyncInstr<"red", "9.7.13.6, 9.7.13.7", "emitAtom(mods, /*isRed=*/true)",
    [Mod_async, Mod_RedSem, Mod_Scope, Mod_noftz, Mod_L2CacheHint, Mod_Vector,
     Mod_Space, Mod_BulkCompletion, Mod_mmio, Mod_AtomOp]> {
  let operandCounts = [2, 3]; // 3: a cache policy, or red.async's mbarrier
  let ops = ["ptx.atom", "ptx.mbarrier"];
  let required = [Mod_AtomOp];
  let types = ["b16", "b32", "b64", "b128", "u32", "u64", "s32", "s64",
    "f16", "f16x2", "bf16", "bf16x2", "f32", "f64"];
}
def : SyncInstr<"shfl", "9.7.9.6", "emitWarpCollective(mods)",
    [Mod_sync, Mod_ShflMode]> {
  let operandCounts = [4, 5]; // 4: the form without .sync
  let ops = ["ptx.warp_collective"];
  let required = [Mod_ShflMode];
  let types = ["b32"];
}
def : SyncInstr<"vote", "9.7.13.9", "emitWarpCollective(mods)",
    [Mod_sync, Mod_VoteMode]> {
  let operandCounts = [2, 3]; // 2: the form without .sync
  let ops = ["ptx.warp_collective"];
  let required = [Mod_VoteMode];
  let types = ["pred", "b32"];
}
def : SyncInstr<"match", "9.7.13.10", "emitWarpCollective(mods)",
    [Mod_sync, Mod_MatchMode]> {
  let operandCounts = [3];
  let ops = ["ptx.warp_collective"];
  let required = [Mod_MatchMode];
  let types = ["b32", "b64"];
}
def Mod_MbarrierOp : PTX_Modifiers<["init", "inval", "arrive", "arrive_drop",
    "expect_tx", "complete_tx", "test_wait", "try_wait", "pending_count"],
    "mbarrier operation (arrive and arrive_drop may add expect_tx)">;
def Mod_noComplete : PTX_Flag<"noComplete",
    "the arrival must not complete the phase">;
def Mod_parity : PTX_Flag<"parity", "test the phase of a parity">;
def Mod_MbarrierSem : PTX_Modifiers<["release", "relaxed", "acquire"],
    "memory ordering">;
def Mod_MbarrierSpace : PTX_Modifiers<["shared", "shared::cta",
    "shared::cluster"], "state space of the object">;
def : SyncInstr<"mbarrier", "9.7.13.15", "emitMbarrier(mods)",
    [Mod_MbarrierOp, Mod_noComplete, Mod_parity, Mod_MbarrierSem, Mod_Scope,
     Mod_MbarrierSpace]> {
  let operandCounts = [1, 2, 3, 4];
  let required = [Mod_MbarrierOp];
  let types = ["b64"];
  let ops = ["ptx.mbarrier"];
}
def Mod_TensormapReplace : PTX_Flag<"replace", "replace a field">;
def Mod_cp_fenceproxy : PTX_Flag<"cp_fenceproxy",
    "copy a tensor map and fence the tensormap proxy">;
def Mod_TensormapField : PTX_Modifiers<["global_address", "rank", "box_dim",
    "global_dim", "global_stride", "element_stride", "elemtype",
    "interleave_layout", "swizzle_mode", "swizzle_atomicity", "fill_mode"],
    "the tensor-map field replaced">;
def Mod_b1024 : PTX_Flag<"b1024", "the 1024-bit tensor-map object">;
def Mod_TensormapSpace : PTX_Modifiers<["global", "shared::cta"],
    "state space of the tensor map">;
def Mod_TensormapProxy : PTX_Flag<"tensormap::generic",
    "the proxies fenced">;
def Mod_release : PTX_Flag<"release", "release ordering">;
def : SyncInstr<"tensormap", "9.7.9.26, 9.7.13.16", "emitTensormap(mods)",
    [Mod_TensormapReplace, Mod_cp_fenceproxy, Mod_LoadMode,
     Mod_TensormapField, Mod_TensormapSpace, Mod_b1024, Mod_TensormapProxy,
     Mod_release, Mod_Scope, Mod_sync, Mod_aligned]> {
  let operandCounts = [2, 3];
  let types = ["b32", "b64"];
  let ops = ["ptx.async_bulk"];
}
def Mod_ClcRequest : PTX_Modifiers<["try_cancel", "query_cancel"],
    "cancel a cluster that has not started, or decode the response">;
def Mod_ClcSpace : PTX_Modifiers<["shared::cta"],
    "state space of the response and the mbarrier">;
def Mod_multicast_all : PTX_Flag<"multicast::cluster::all",
    "write the response to every CTA of the cluster">;
def Mod_ClcQuery : PTX_Modifiers<["is_canceled", "get_first_ctaid",
    "get_first_ctaid::x", "get_first_ctaid::y", "get_first_ctaid::z"],
    "what query_cancel extracts from a response">;
def : SyncInstr<"clusterlaunchcontrol", "9.7.13.17, 9.7.13.18",
    "emitClusterlaunchcontrol(mods)",
    [Mod_ClcRequest, Mod_async, Mod_ClcSpace, Mod_BulkCompletion,
     Mod_multicast_all, Mod_ClcQuery, Mod_Vector]> {
  let operandCounts = [2];
  let required = [Mod_ClcRequest];
  let ops = ["ptx.async_bulk"];
}
def : SyncInstr<"griddepcontrol", "9.7.13.13", "emitGriddepcontrol(mods)",
    [Mod_GriddepAction]> {
  let operandCounts = [0];
  let required = [Mod_GriddepAction];
}
def : SyncInstr<"elect", "9.7.13.14", "emitWarpCollective(mods)",
    [Mod_sync]> {
  let operandCounts = [2];
  let ops = ["ptx.warp_collective"];
  let required = [Mod_sync];
}
def : SyncInstr<"activemask", "9.7.13.11", "emitWarpCollective(mods)"> {
  let operandCounts = [1];
  let ops = ["ptx.warp_collective"];
  let types = ["b32"];
}
def : SyncInstr<"redux", "9.7.13.12", "emitWarpCollective(mods)",
    [Mod_sync, Mod_ReduxOp, Mod_ReduxFloat]> {
  let operandCounts = [3];
  let ops = ["ptx.warp_collective"];
  let required = [Mod_ReduxOp];
  let types = ["b32", "u32", "s32", "f32"];
}

//===----------------------------------------------------------------------===//
// Warp-level matrix instructions (9.7.14.5)
//===----------------------------------------------------------------------===//

def Mod_MmaShape : PTX_Modifiers<["m8n8k4", "m8n8k16", "m8n8k32", "m8n8k128",
    "m16n8k4", "m16n8k8", "m16n8k16", "m16n8k32", "m16n8k64", "m16n8k128",
    "m16n8k256"], "mma shape">;
def Mod_MatrixLayout : PTX_Modifiers<["row", "col"],
    "layout of A, then of B">;
def Mod_MmaElemTypes : PTX_Modifiers<["tf32", "e4m3", "e5m2", "s4", "u4",
    "b1"], "mma element types that are not register types">;
def Mod_MmaBitOp : PTX_Modifiers<["xor", "and"], "single-bit mma operation">;
def Mod_popc : PTX_Flag<"popc", "count the bits (single-bit mma)">;
def Mod_MatrixShape : PTX_Modifiers<["m8n8", "m16n16", "m8n16", "m16n8"],
    "matrix shape of ldmatrix, stmatrix, movmatrix">;
def Mod_MatrixCount : PTX_Modifiers<["x1", "x2", "x4"], "number of matrices">;
def Mod_MatrixRowFormat : PTX_Modifiers<["b8x16", "b6x16_p32", "b4x16_p64"],
    "ldmatrix destination and packed source formats (6- and 4-bit data)">;
def Mod_trans : PTX_Flag<"trans", "transpose">;
def Mod_MatrixSpace : PTX_Modifiers<["shared", "shared::cta"],
    "state space of the rows">;

/// A warp-level matrix instruction: a warp collective on fragment blocks.
class MatrixInstr<string opcode, string section, string handler,
                  list<PTX_Modifiers> modifiers>
    : PTX_Instr<opcode, "warp-level matrix", section, PTX_SideEffect, handler,
                modifiers> {
  let ops = ["ptx.warp_matrix"];
  let required = [Mod_sync, Mod_aligned];
}

def : MatrixInstr<"mma", "9.7.14.5.14", "emitMma(mods)",
    [Mod_sync, Mod_aligned, Mod_MmaShape, Mod_MatrixLayout, Mod_satfinite,
     Mod_MmaElemTypes, Mod_MmaBitOp, Mod_popc]> {
  let operandCounts = [4];
  let required = [Mod_sync, Mod_aligned, Mod_MmaShape];
}
def : MatrixInstr<"ldmatrix", "9.7.14.5.15", "emitMatrixRows(mods)",
    [Mod_sync, Mod_aligned, Mod_MatrixShape, Mod_MatrixCount, Mod_trans,
     Mod_MatrixSpace, Mod_MatrixRowFormat]> {
  let operandCounts = [2];
  let required = [Mod_sync, Mod_aligned, Mod_MatrixShape, Mod_MatrixCount];
}
def : MatrixInstr<"stmatrix", "9.7.14.5.16", "emitMatrixRows(mods)",
    [Mod_sync, Mod_aligned, Mod_MatrixShape, Mod_MatrixCount, Mod_trans,
     Mod_MatrixSpace]> {
  let operandCounts = [2];
  let required = [Mod_sync, Mod_aligned, Mod_MatrixShape, Mod_MatrixCount];
}
def : MatrixInstr<"movmatrix", "9.7.14.5.17", "emitMatrixRows(mods)",
    [Mod_sync, Mod_aligned, Mod_MatrixShape, Mod_trans]> {
  let operandCounts = [2];
  let required = [Mod_sync, Mod_aligned, Mod_MatrixShape, Mod_trans];
  let types = ["b16"];
}

def Mod_WmmaOp : PTX_Modifiers<["load", "store", "mma"], "wmma operation">;
def Mod_WmmaMatrix : PTX_Modifiers<["a", "b", "c", "d"],
    "the matrix a wmma.load or wmma.store moves">;
def Mod_WmmaShape : PTX_Modifiers<["m16n16k16", "m8n32k16", "m32n8k16",
    "m16n16k8", "m8n8k4", "m8n8k32", "m8n8k128"], "wmma shape">;
def Mod_WmmaSpace : PTX_Modifiers<["global", "shared", "shared::cta"],
    "state space of the matrix">;
def : MatrixInstr<"wmma", "9.7.14.4", "emitWmma(mods)",
    [Mod_WmmaOp, Mod_WmmaMatrix, Mod_sync, Mod_aligned, Mod_MatrixLayout,
     Mod_WmmaShape, Mod_WmmaSpace, Mod_satfinite, Mod_MmaElemTypes,
     Mod_Rounding, Mod_MmaBitOp, Mod_popc]> {
  let operandCounts = [2, 3, 4];
  let required = [Mod_WmmaOp, Mod_sync, Mod_aligned, Mod_WmmaShape];
}

defvar WgmmaNs = [8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112,
    120, 128, 136, 144, 152, 160, 168, 176, 184, 192, 200, 208, 216, 224, 232,
    240, 248, 256];
// The N of the integer forms (s8/u8 k32 and b1 k256).
defvar WgmmaIntNs = [8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176,
    192, 208, 224, 240, 256];
def Mod_WgmmaShape : PTX_Modifiers<!listconcat(
    !foreach(n, WgmmaNs, "m64n" # !cast<string>(n) # "k16"),
    !foreach(n, WgmmaNs, "m64n" # !cast<string>(n) # "k8"),
    !foreach(n, WgmmaNs, "m64n" # !cast<string>(n) # "k32"),
    !foreach(n, WgmmaIntNs, "m64n" # !cast<string>(n) # "k256")),
    "wgmma shape">;
def Mod_WgmmaOp : PTX_Modifiers<["mma_async", "fence", "commit_group",
    "wait_group"], "wgmma operation">;
def : MatrixInstr<"wgmma", "9.7.15", "emitWgmma(mods)",
    [Mod_WgmmaOp, Mod_sync, Mod_aligned, Mod_WgmmaShape, Mod_satfinite,
     Mod_MmaElemTypes, Mod_MmaBitOp, Mod_popc]> {
  let operandCounts = [0, 1, 4, 5, 6, 7, 8];
  let required = [Mod_WgmmaOp, Mod_sync, Mod_aligned];
}

//===----------------------------------------------------------------------===//
// Video instructions (9.7.16, 9.7.17)
//===----------------------------------------------------------------------===//

def Mod_VideoSecondaryOp : PTX_EnumModifiers<PTX_VideoSecondaryOp, [],
    "secondary operation with c">;
def Mod_VideoCmp : PTX_EnumModifiers<PTX_CmpOp,
    ["eq", "ne", "lt", "le", "gt", "ge"], "integer comparison">;
def Mod_VmadScale : PTX_EnumModifiers<PTX_VmadScale, [],
    "shift the intermediate right">;
def Mod_po : PTX_Flag<"po", "plus one">;
def Mod_SimdAdd : PTX_Flag<"add", "accumulate the lanes into c">;

/// A video instruction: its operand types are `.u32` or `.s32` (one for
/// each of d, a and b, or a and b for vset), and its register operands may
/// carry selectors.
class VideoInstr<string opcode, string section, string handler,
                 list<PTX_Modifiers> modifiers, list<string> opList>
    : PTX_Instr<opcode, "video", section, PTX_Pure, handler, modifiers> {
  let types = ["u32", "s32"];
  let videoOperands = 1;
  let ops = opList;
}

foreach opcode = ["vadd", "vsub", "vabsdiff", "vmin", "vmax"] in
def : VideoInstr<opcode, "9.7.16.1", "emitVideo(mods)",
                 [Mod_sat, Mod_VideoSecondaryOp], ["ptx.video"]> {
  let operandCounts = [3, 4];
}
foreach opcode = ["vshl", "vshr"] in
def : VideoInstr<opcode, "9.7.16.2", "emitVideo(mods)",
                 [Mod_sat, Mod_VideoSecondaryOp, Mod_Clamp], ["ptx.video"]> {
  let operandCounts = [3, 4];
  let required = [Mod_Clamp];
}
def : VideoInstr<"vmad", "9.7.16.3", "emitVmad(mods)",
                 [Mod_sat, Mod_po, Mod_VmadScale], ["ptx.vmad"]> {
  let operandCounts = [4];
}
def : VideoInstr<"vset", "9.7.16.4", "emitVideo(mods)",
                 [Mod_VideoCmp, Mod_VideoSecondaryOp], ["ptx.video"]> {
  let operandCounts = [3, 4];
  let required = [Mod_VideoCmp];
}
/// vop2 / vop4: a SIMD video instruction, which always takes c.
class SimdVideoInstr<string opcode, string section, list<PTX_Modifiers> mods>
    : VideoInstr<opcode, section, "emitVideoSimd(mods)", mods,
                 ["ptx.video_simd"]> {
  let operandCounts = [4];
}
defvar SimdVideoOps = ["vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"];
foreach op = SimdVideoOps in
def : SimdVideoInstr<op # "2", "9.7.17.1", [Mod_sat, Mod_SimdAdd]>;
def : SimdVideoInstr<"vset2", "9.7.17.2", [Mod_VideoCmp, Mod_SimdAdd]> {
  let required = [Mod_VideoCmp];
}
foreach op = SimdVideoOps in
def : SimdVideoInstr<op # "4", "9.7.17.3", [Mod_sat, Mod_SimdAdd]>;
def : SimdVideoInstr<"vset4", "9.7.17.4", [Mod_VideoCmp, Mod_SimdAdd]> {
  let required = [Mod_VideoCmp];
}

#endif // PTXJIT_DIALECT_PTX_IR_PTXINSTRS_TD
