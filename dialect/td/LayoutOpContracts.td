//===- LayoutOpContracts.td - the contracts of the dialect's ops -------===//
//
// Generated from the operation registry (tools/layout/src/op_help.rs) by
// `LAYOUT_BLESS_DOCS=1 cargo test -p layout-cli op_help`; do not edit.
// LayoutOps.td and LayoutNvgpuOps.td append each op's contract to its
// description.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OP_CONTRACTS_TD
#define LAYOUT_OP_CONTRACTS_TD

class Layout_Contract<string contractText> {
  string text = contractText;
}

def Layout_Contract_print : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `print(X)` (the operation registry, as `layout help print`\n" #
  "    prints it): X itself, printed in canonical text (no _ marks, no spaces);\n" #
  "    parse(print(X)) == X.\n" #
  "\n" #
  "    Example: `print((_2,_4):(_1,_2))` = `(2,4):(1,2)`\n">;

def Layout_Contract_size : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `size(S | F)` (the operation registry, as `layout help size`\n" #
  "    prints it): The product of the extents of a shape S, or the domain size of a\n" #
  "    layout or composed layout F.\n" #
  "\n" #
  "    Example: `size(((2,4),8):((1,16),2))` = `64`\n">;

def Layout_Contract_cosize : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `cosize(F)` (the operation registry, as `layout help cosize`\n" #
  "    prints it): One past the largest offset F takes on its domain: L(size-1)+1\n" #
  "    with |strides| for a layout, max F + 1 for a composed layout. With\n" #
  "    scaled-basis strides: the product over the basis coordinates of one past the\n" #
  "    largest |coordinate|.\n" #
  "\n" #
  "    Example: `cosize((4,2):(2,1))` = `8`\n">;

def Layout_Contract_rank : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `rank(S | L)` (the operation registry, as `layout help rank`\n" #
  "    prints it): The number of top-level modes (1 for an integer).\n" #
  "\n" #
  "    Example: `rank(((2,4),8):((1,16),2))` = `2`\n">;

def Layout_Contract_depth : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `depth(S | L)` (the operation registry, as `layout help depth`\n" #
  "    prints it): The nesting depth: 0 for an integer, 1 for a flat tuple.\n" #
  "\n" #
  "    Example: `depth(((2,4),8):((1,16),2))` = `2`\n">;

def Layout_Contract_shape : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `shape(L)` (the operation registry, as `layout help shape`\n" #
  "    prints it): The shape of L (of the inner layout of a composed layout).\n" #
  "\n" #
  "    Example: `shape(((2,4),8):((1,16),2))` = `((2,4),8)`\n">;

def Layout_Contract_stride : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `stride(L)` (the operation registry, as `layout help stride`\n" #
  "    prints it): The strides of L, a stride descriptor.\n" #
  "\n" #
  "    Example: `stride(((2,4),8):((1,16),2))` = `((1,16),2)`\n">;

def Layout_Contract_coalesce : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `coalesce(L[, profile])` (the operation registry, as `layout\n" #
  "    help coalesce` prints it): Merge adjacent modes where stride_{i+1} = shape_i\n" #
  "    * stride_i and drop size-1 modes; with a profile, by mode. Post: size(R) =\n" #
  "    size(L), R(i) = L(i) for every i < size(L).\n" #
  "\n" #
  "    Example: `coalesce((2,4,6):(1,2,8))` = `48:1`\n">;

def Layout_Contract_filter_zeros : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `filter_zeros(L[, profile])` (the operation registry, as `layout\n" #
  "    help filter_zeros` prints it): Replace the extent of every stride-0 mode by\n" #
  "    1. Post: the same function on the remaining coordinates.\n" #
  "\n" #
  "    Example: `filter_zeros((4,2,3):(1,0,4))` = `(4,1,3):(1,0,4)`\n">;

def Layout_Contract_filter : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `filter(L[, profile])` (the operation registry, as `layout help\n" #
  "    filter` prints it): coalesce(filter_zeros(L)): drop stride-0 and size-1\n" #
  "    modes. Post: the same image as L.\n" #
  "\n" #
  "    Example: `filter((4,2,3):(1,0,4))` = `12:1`\n">;

def Layout_Contract_composition : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `composition(A, B)` (the operation registry, as `layout help\n" #
  "    composition` prints it): R = A o B: R(c) = A(B(c)) for every c in the domain\n" #
  "    of B, with the shape of B (by mode for a tiler [B0,B1,...]). Errors name the\n" #
  "    mode whose strides do not divide.\n" #
  "\n" #
  "    Example: `composition((6,2):(8,2), (4,3):(3,1))` = `((2,2),3):((24,2),8)`\n">;

def Layout_Contract_complement : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `complement(A[, M])` (the operation registry, as `layout help\n" #
  "    complement` prints it): The layout R of the offsets A does not reach, up to\n" #
  "    M (default cosize(filter(A))): R is ordered (R(i-1) < R(i)), (filter(A), R)\n" #
  "    is injective, cosize((A, R)) >= M; CuTe's answer, with the last extent grown\n" #
  "    where CuTe's falls short of M. A non-injective or interleaved A is an error.\n" #
  "    With scaled-basis strides (no M): per basis coordinate,\n" #
  "    complement((2,5,3):(4@1,5@0,16@1)) =\n" #
  "    ((5,1),(4,2,1)):((1@0,25@0),(1@1,8@1,48@1)).\n" #
  "\n" #
  "    Example: `complement(4:2, 24)` = `(2,3):(1,8)`\n">;

def Layout_Contract_right_inverse : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `right_inverse(L)` (the operation registry, as `layout help\n" #
  "    right_inverse` prints it): R with L(R(i)) = i for every i < size(R), as\n" #
  "    large as possible (CuTe's right_inverse). With scaled-basis strides: one\n" #
  "    inverse per basis coordinate, L(R(c)) = c (right_inverse((2,3):(1@0,1@1)) =\n" #
  "    (2,3):(1,2)).\n" #
  "\n" #
  "    Example: `right_inverse((4,8):(8,1))` = `(8,4):(4,1)`\n">;

def Layout_Contract_left_inverse : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `left_inverse(L)` (the operation registry, as `layout help\n" #
  "    left_inverse` prints it): CuTe's quasi-inverse R: L(R(L(i))) = L(i), and\n" #
  "    R(L(i)) = i when L is injective. A non-injective L is accepted when CuTe's R\n" #
  "    satisfies this (proven from the strides, else checked on up to 2^20 points),\n" #
  "    else an error with a witness i.\n" #
  "\n" #
  "    Example: `left_inverse((4,2):(2,1))` = `(2,4):(4,1)`\n">;

def Layout_Contract_logical_divide : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `logical_divide(A, T)` (the operation registry, as `layout help\n" #
  "    logical_divide` prints it): A split into tiles of T: mode 0 the tile, mode 1\n" #
  "    over the tiles (by mode for a tiler [T0,T1] or an integer tuple (2,4), as in\n" #
  "    CuTe: (2,4) = [2,4]). Post: R(c) = A(T*(c)) with T* = (T, C), C = CuTe's\n" #
  "    complement(T, shape(coalesce(A))); size(mode 0) = size(T); size(R) =\n" #
  "    size(T)*size(C), at least size(A) when (T, C) is onto [0, size(R)): with a\n" #
  "    tiler that does not divide A the size grows past size(A) and R reads A past\n" #
  "    its size along its last mode.\n" #
  "\n" #
  "    Example: `logical_divide(16:1, 4:2)` = `(4,(2,2)):(2,(1,8))`\n">;

def Layout_Contract_zipped_divide : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `zipped_divide(A, T)` (the operation registry, as `layout help\n" #
  "    zipped_divide` prints it): logical_divide with the tile modes gathered into\n" #
  "    mode 0 and the rest into mode 1 (CuTe's zip2_by: a nested tiler keeps rank-1\n" #
  "    tuples; a _ item needs a rank-2 mode, split into tile and rest).\n" #
  "\n" #
  "    Example: `zipped_divide((8,8):(1,8), (2,4))` = `((2,4),(4,2)):((1,8),(2,32))`\n">;

def Layout_Contract_tiled_divide : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tiled_divide(A, T)` (the operation registry, as `layout help\n" #
  "    tiled_divide` prints it): zipped_divide with mode 1 unpacked into separate\n" #
  "    modes.\n" #
  "\n" #
  "    Example: `tiled_divide((8,8):(1,8), [2:1,4:1])` = `((2,4),4,2):((1,8),2,32)`\n">;

def Layout_Contract_flat_divide : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `flat_divide(A, T)` (the operation registry, as `layout help\n" #
  "    flat_divide` prints it): zipped_divide with both modes unpacked into\n" #
  "    separate modes.\n" #
  "\n" #
  "    Example: `flat_divide((8,8):(1,8), [2:1,4:1])` = `(2,4,4,2):(1,8,2,32)`\n">;

def Layout_Contract_logical_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `logical_product(A, B)` (the operation registry, as `layout help\n" #
  "    logical_product` prints it): A repeated at the offsets of B scaled past A's\n" #
  "    footprint: mode 0 is A (by mode for a tiler [B0,B1] or an integer tuple),\n" #
  "    mode 1 is complement(A, size(A)*cosize(B)) o B. Post: size(R) =\n" #
  "    size(A)*size(B); the copies of A are disjoint (R injective when A and B\n" #
  "    are), else an error.\n" #
  "\n" #
  "    Example: `logical_product((2,2):(1,2), 3:1)` = `((2,2),3):((1,2),4)`\n">;

def Layout_Contract_zipped_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `zipped_product(A, B)` (the operation registry, as `layout help\n" #
  "    zipped_product` prints it): logical_product by mode, tile modes in mode 0,\n" #
  "    the repetitions in mode 1.\n" #
  "\n" #
  "    Example: `zipped_product((2,2):(1,2), [2:1,2:1])` = `((2,2),(2,2)):((1,2),(2,1))`\n">;

def Layout_Contract_tiled_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tiled_product(A, B)` (the operation registry, as `layout help\n" #
  "    tiled_product` prints it): zipped_product with mode 1 unpacked.\n" #
  "\n" #
  "    Example: `tiled_product((2,2):(1,2), [2:1,2:1])` = `((2,2),2,2):((1,2),2,1)`\n">;

def Layout_Contract_flat_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `flat_product(A, B)` (the operation registry, as `layout help\n" #
  "    flat_product` prints it): zipped_product with both modes unpacked.\n" #
  "\n" #
  "    Example: `flat_product((2,2):(1,2), [2:1,2:1])` = `(2,2,2,2):(1,2,2,1)`\n">;

def Layout_Contract_blocked_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `blocked_product(A, B)` (the operation registry, as `layout help\n" #
  "    blocked_product` prints it): Mode i of R is (A_i, B_i): B's blocks of A, A\n" #
  "    contiguous (CUTLASS 3.8+, no coalesce; ranks padded with 1:0). B is a layout\n" #
  "    (an integer n is n:1, a shape its compact layout).\n" #
  "\n" #
  "    Example: `blocked_product((3,4):(4,1), (2,5):(1,2))` = `((3,2),(4,5)):((4,12),(1,24))`\n">;

def Layout_Contract_raked_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `raked_product(A, B)` (the operation registry, as `layout help\n" #
  "    raked_product` prints it): Mode i of R is (B_i, A_i): A's elements raked\n" #
  "    across B (CUTLASS 3.8+, no coalesce; ranks padded with 1:0).\n" #
  "\n" #
  "    Example: `raked_product((3,4):(4,1), (2,5):(1,2))` = `((2,3),(5,4)):((12,4),(24,1))`\n">;

def Layout_Contract_slice : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `slice(c, F)` (the operation registry, as `layout help slice`\n" #
  "    prints it): The sub-layout of F at the modes where the coordinate c has _\n" #
  "    (the offset of the fixed part goes to the pointer, as CuTe). A composed\n" #
  "    layout F o off o L keeps it in its offset; a swizzled one follows CuTe C++\n" #
  "    (decayed to a plain layout when the slice misses the swizzle's paired bits).\n" #
  "    Post: R(j) - R(0) = F(c_j) - F(c_0).\n" #
  "\n" #
  "    Example: `slice((_,2), (4,8):(8,1))` = `(4):(8)`\n">;

def Layout_Contract_dice : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `dice(c, L)` (the operation registry, as `layout help dice`\n" #
  "    prints it): The complement of slice: the modes where c has an integer; an\n" #
  "    integer c keeps the whole layout (CuTe: dice(n, L) = L).\n" #
  "\n" #
  "    Example: `dice((_,2), (4,8):(8,1))` = `(8):(1)`\n">;

def Layout_Contract_crd2idx : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `crd2idx(c, L) | crd2idx(c, S, strides)` (the operation\n" #
  "    registry, as `layout help crd2idx` prints it): L(c); c may be a linear index\n" #
  "    in any mode. Every coordinate leaf must lie in its extent. With scaled-basis\n" #
  "    strides L(c) is a coordinate vector (crd2idx((1,2), (2,3):(1@0,1@1)) =\n" #
  "    (1,2)); for A o (o0,o1) o B it is A(O + B(c)).\n" #
  "\n" #
  "    Example: `crd2idx((1,2), (4,8):(8,1))` = `10`\n">;

def Layout_Contract_idx2crd : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `idx2crd(i, S | L)` (the operation registry, as `layout help\n" #
  "    idx2crd` prints it): The colexicographic coordinate of i in S. Requires 0 <=\n" #
  "    i < size(S).\n" #
  "\n" #
  "    Example: `idx2crd(13, (4,8))` = `(1,3)`\n">;

def Layout_Contract_crd2crd : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `crd2crd(c, S, S')` (the operation registry, as `layout help\n" #
  "    crd2crd` prints it): The coordinate of S' with the same linear index as c in\n" #
  "    S.\n" #
  "\n" #
  "    Example: `crd2crd((1,3), (4,8), (2,2,8))` = `(1,0,3)`\n">;

def Layout_Contract_eval : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `eval(F)` (the operation registry, as `layout help eval` prints\n" #
  "    it): The table F(0), F(1), ..., F(size-1) (at most 2^20 points).\n" #
  "\n" #
  "    Example: `eval((2,3):(3,1))` = `[0,3,1,4,2,5]`\n">;

def Layout_Contract_select : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `select(S | L | T, i, j, ...)` (the operation registry, as\n" #
  "    `layout help select` prints it): The modes i, j, ... of L (or the items of a\n" #
  "    tiler [T0,T1,...], or the modes of an integer tuple as a tuple) in that\n" #
  "    order.\n" #
  "\n" #
  "    Example: `select((2,3,4):(1,2,6), 2, 0)` = `(4,2):(6,1)`\n">;

def Layout_Contract_take : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `take(L, b, e)` (the operation registry, as `layout help take`\n" #
  "    prints it): The modes [b, e) of L.\n" #
  "\n" #
  "    Example: `take((2,3,4):(1,2,6), 1, 3)` = `(3,4):(2,6)`\n">;

def Layout_Contract_group_modes : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `group_modes(L, b, e)` (the operation registry, as `layout help\n" #
  "    group_modes` prints it): The modes [b, e) of L grouped into one mode; b == e\n" #
  "    groups nothing (CuTe's group<B,E>).\n" #
  "\n" #
  "    Example: `group_modes((2,3,4):(1,2,6), 0, 2)` = `((2,3),4):((1,2),6)`\n">;

def Layout_Contract_flatten : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `flatten(S | L | T)` (the operation registry, as `layout help\n" #
  "    flatten` prints it): The leaves as a depth-1 tuple (same function); for a\n" #
  "    tiler, its nested tilers spliced in.\n" #
  "\n" #
  "    Example: `flatten(((2,4),8):((1,16),2))` = `(2,4,8):(1,16,2)`\n">;

def Layout_Contract_append : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `append(L, X)` (the operation registry, as `layout help append`\n" #
  "    prints it): X added as the last mode of L.\n" #
  "\n" #
  "    Example: `append((2,3):(1,2), 4:6)` = `(2,3,4):(1,2,6)`\n">;

def Layout_Contract_prepend : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `prepend(L, X)` (the operation registry, as `layout help\n" #
  "    prepend` prints it): X added as the first mode of L.\n" #
  "\n" #
  "    Example: `prepend((2,3):(1,2), 4:6)` = `(4,2,3):(6,1,2)`\n">;

def Layout_Contract_get : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `get(S | L | T, i, j, ...)` (the operation registry, as `layout\n" #
  "    help get` prints it): The sub-layout at the mode path i, j, ... (for a tiler\n" #
  "    [T0,T1,...] the item there, for an integer tuple the sub-tuple).\n" #
  "\n" #
  "    Example: `get(((2,4),8):((1,16),2), 0, 1)` = `4:16`\n">;

def Layout_Contract_make_layout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `make_layout(S[, strides])` (the operation registry, as `layout\n" #
  "    help make_layout` prints it): S with the given strides, or the compact\n" #
  "    column-major layout of S (static size-1 leaves get stride 0, as CuTe).\n" #
  "\n" #
  "    Example: `make_layout((2,(3,4)))` = `(2,(3,4)):(1,(2,6))`\n">;

def Layout_Contract_bind : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `bind(EXPR, v0, v1, ...)` (the operation registry, as `layout\n" #
  "    help bind` prints it): EXPR evaluated with its i-th runtime leaf '?' (left\n" #
  "    to right in EXPR's text) taking the value v_i: the layout CuTe C++ computes\n" #
  "    with int leaves of those values (without C++'s _ marks). Runtime leaves\n" #
  "    carry the expression of their value; a runtime condition C++ leaves\n" #
  "    unchecked (a divisibility condition) that the values break is an error\n" #
  "    naming it. Post: exactly one value per '?'.\n" #
  "\n" #
  "    Example: `bind(zipped_divide((?,?):(?,1), (128,64)), 500, 300, 512)` = `((128,64),(4,5)):((512,1),(65536,64))`\n">;

def Layout_Contract_swizzle : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `swizzle(Sw<B,M,S>, x)` (the operation registry, as `layout help\n" #
  "    swizzle` prints it): Sw(x) = x XOR ((x & mask(B, M+S)) >> S) for x >= 0\n" #
  "    (negative S shifts left).\n" #
  "\n" #
  "    Example: `swizzle(Sw<3,4,3>, 1234)` = `1218`\n">;

def Layout_Contract_nullspace : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `nullspace(L)` (the operation registry, as `layout help\n" #
  "    nullspace` prints it): The coordinates L maps to 0: R injective with L(R(i))\n" #
  "    = 0, size(R) = size(L) / size(filter(L)).\n" #
  "\n" #
  "    Example: `nullspace((7,5,16):(3,1,0))` = `16:35`\n">;

def Layout_Contract_domain_distribute : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `domain_distribute(S | L, n)` (the operation registry, as\n" #
  "    `layout help domain_distribute` prints it): The layout of the first n\n" #
  "    elements of S's domain spread over its modes, leading modes first (CuTe's\n" #
  "    domain_distribute); a layout L stands for its shape.\n" #
  "\n" #
  "    Example: `domain_distribute((15,14), 6)` = `(3,2):(1,15)`\n">;

def Layout_Contract_max_common_vector : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `max_common_vector(A, B)` (the operation registry, as `layout\n" #
  "    help max_common_vector` prints it): The largest n such that A and B agree as\n" #
  "    the identity on their first n elements (the vector width of a copy A -> B).\n" #
  "\n" #
  "    Example: `max_common_vector((8,4):(1,16), 32:1)` = `8`\n">;

def Layout_Contract_max_common_layout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `max_common_layout(A, B)` (the operation registry, as `layout\n" #
  "    help max_common_layout` prints it): The largest layout R with A(R(i)) =\n" #
  "    B(R(i)) contiguous: B(R(i)) = i for i < size(R).\n" #
  "\n" #
  "    Example: `max_common_layout((4,8):(8,1), (4,8):(8,1))` = `(8,4):(4,1)`\n">;

def Layout_Contract_max_alignment : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `max_alignment(F)` (the operation registry, as `layout help\n" #
  "    max_alignment` prints it): The largest power of two n such that F maps every\n" #
  "    aligned run of n indices to n contiguous aligned offsets.\n" #
  "\n" #
  "    Example: `max_alignment((6,4):(1,8))` = `2`\n">;

def Layout_Contract_upcast : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `upcast(L, n)` (the operation registry, as `layout help upcast`\n" #
  "    prints it): L on elements n times larger (strides divided by n, stride-1\n" #
  "    modes shortened). Post: image(R) = { L(i) / n }.\n" #
  "\n" #
  "    Example: `upcast((4,8):(1,4), 2)` = `(2,8):(1,2)`\n">;

def Layout_Contract_downcast : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `downcast(L, n)` (the operation registry, as `layout help\n" #
  "    downcast` prints it): L on elements n times smaller. Post: image(R) = {\n" #
  "    n*L(j) + k : k < n }.\n" #
  "\n" #
  "    Example: `downcast((4,2):(1,8), 2)` = `(8,2):(1,16)`\n">;

def Layout_Contract_recast : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `recast(L, old_bits, new_bits)` (the operation registry, as\n" #
  "    `layout help recast` prints it): upcast or downcast from old_bits-wide to\n" #
  "    new_bits-wide elements.\n" #
  "\n" #
  "    Example: `recast((8,4):(1,8), 16, 32)` = `(4,4):(1,4)`\n">;

def Layout_Contract_tile_to_shape : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tile_to_shape(L, S[, order])` (the operation registry, as\n" #
  "    `layout help tile_to_shape` prints it): blocked_product of L and the blocks\n" #
  "    in column-major order (or by order), no coalesce (CUTLASS 3.8+): mode i is\n" #
  "    (L_i, S_i / size(L_i)). Post: size(mode i of R) = S_i, R on the first block\n" #
  "    is L.\n" #
  "\n" #
  "    Example: `tile_to_shape((8,8):(8,1), (32,32))` = `((8,4),(8,4)):((8,64),(1,256))`\n">;

def Layout_Contract_tidfrg : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tidfrg(F, L, L, n)` (the operation registry, as `layout help\n" #
  "    tidfrg` prints it): The partition of F among the threads of\n" #
  "    make_tiled_copy(atom of n values, thr = the first L, val = the second L)\n" #
  "    (CuTe's TiledCopy::tidfrg_S/D for a one-thread atom): (thr, (n, rest_val),\n" #
  "    (RestM, RestN, ...)) with R(t, v, r) = F(element layout_tv(t, v) of the tile\n" #
  "    at r), layout_tv = right_inverse(raked_product(thr, val)) shaped (size(thr),\n" #
  "    size(val)), the tile product_each(shape(raked_product(thr, val))). Pre: thr,\n" #
  "    val static, raked_product(thr, val) a bijection onto its tile, size(val) a\n" #
  "    multiple of n, rank(F) >= rank of the tile. Post: every element of F's tiles\n" #
  "    is read by exactly one (t, v). Fixing mode 0 at t is thread t's\n" #
  "    partition_S/D.\n" #
  "\n" #
  "    Example: `tidfrg((16,16):(16,1), (4,4):(4,1), (1,4), 2)` = `((4,4),(2,2),(4,1)):((4,16),(1,2),(64,0))`\n">;

def Layout_Contract_thrfrg : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `thrfrg(F, L, a, b[, T])` (the operation registry, as `layout\n" #
  "    help thrfrg` prints it): The partition of F among the threads of a tiled MMA\n" #
  "    (CuTe's TiledMMA::thrfrg_A/B/C): the atom's TV layout L maps (thread, value)\n" #
  "    onto its a = (AM, AN) tile, the atoms repeat over a b = (TM, TN) grid, after\n" #
  "    the permutation tile T = [T_M, T_N] (a layout or _ each: F :=\n" #
  "    logical_divide(F, T)) when given; R = zipped_divide(zipped_divide(F, [AM:1,\n" #
  "    AN:1]) o [L, _], [_, [TM:1, TN:1]]) = ((ThrV, (ThrM, ThrN)), (FrgV, (RestM,\n" #
  "    RestN))) (an extent 1 tiles as 1:0, CuTe's make_layout(_1)). Pre: L static\n" #
  "    of size AM AN within the tile, F of rank >= 2. Post: R((v, (m, n)), (f, (i,\n" #
  "    j))) is the element of F that value f of thread v of atom (m, n) holds in\n" #
  "    atom tile (m + TM i, n + TN j); every element of F's tiles is held once when\n" #
  "    L is a bijection. Fixing mode 0 at a thread's (v, (m, n)) is its\n" #
  "    partition_A/B/C.\n" #
  "\n" #
  "    Example: `thrfrg((32,32):(1,32), ((4,8),(2,2)):((32,1),(16,8)), (16,8), (1,4))` = `(((4,8),(1,4)),((2,2),(2,1))):(((64,1),(0,256)),((32,8),(16,0)))`\n">;

def Layout_Contract_make_ordered_layout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `make_ordered_layout(S, order)` (the operation registry, as\n" #
  "    `layout help make_ordered_layout` prints it): The compact layout of S whose\n" #
  "    modes are laid out from the smallest order to the largest.\n" #
  "\n" #
  "    Example: `make_ordered_layout((2,3,4), (1,2,0))` = `(2,3,4):(4,8,1)`\n">;

def Layout_Contract_make_layout_like : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `make_layout_like(L)` (the operation registry, as `layout help\n" #
  "    make_layout_like` prints it): The compact layout with L's shape whose modes\n" #
  "    are ordered as L's strides (a bijection onto [0, size(filter_zeros(L))).\n" #
  "\n" #
  "    Example: `make_layout_like((4,8):(100,3))` = `(4,8):(8,1)`\n">;

def Layout_Contract_make_identity_layout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `make_identity_layout(S)` (the operation registry, as `layout\n" #
  "    help make_identity_layout` prints it): The layout mapping every coordinate\n" #
  "    of S to itself, with scaled-basis strides.\n" #
  "\n" #
  "    Example: `make_identity_layout((4,(2,3)))` = `(4,(2,3)):(1@0,(1@0@1,1@1@1))`\n">;

def Layout_Contract_ceil_div : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `ceil_div(a, b | T)` (the operation registry, as `layout help\n" #
  "    ceil_div` prints it): Element-wise ceiling division of shapes (a tuple by an\n" #
  "    integer divides the leading modes); by a layout T, shape(complement(T, a))\n" #
  "    (the rest mode of a divide), by mode for a tiler [T0,T1,...].\n" #
  "\n" #
  "    Example: `ceil_div((10,7), 8)` = `(2,7)`\n">;

def Layout_Contract_shape_div : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `shape_div(a, b)` (the operation registry, as `layout help\n" #
  "    shape_div` prints it): CuTe's shape_div: a / b where one divides the other,\n" #
  "    by mode; an error otherwise.\n" #
  "\n" #
  "    Example: `shape_div((4,6), 8)` = `(1,3)`\n">;

def Layout_Contract_linear_print : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_print(LL)` (the operation registry, as `layout help\n" #
  "    linear_print` prints it): The linear layout in canonical JSON (checked:\n" #
  "    sizes powers of two, bases in range).\n" #
  "\n" #
  "    Example: `linear_print(#ttg.linear<{register = [[1], [2]]}>)` = `{\"in_dims\":[{\"name\":\"register\",\"size\":4,\"bases\":[[1],[2]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":4}]}`\n">;

def Layout_Contract_linear_to_triton : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_to_triton(LL)` (the operation registry, as `layout help\n" #
  "    linear_to_triton` prints it): The linear layout in Triton's text form, as a\n" #
  "    JSON string.\n" #
  "\n" #
  "    Example: `linear_to_triton(linear_identity(4, register, dim0))` = `\"#ttg.linear<{register = [[1], [2]]}>\"`\n">;

def Layout_Contract_linear_identity : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_identity(n, in, out)` (the operation registry, as\n" #
  "    `layout help linear_identity` prints it): The identity of size n (a power of\n" #
  "    two) from in to out: bit k -> 2^k.\n" #
  "\n" #
  "    Example: `linear_identity(4, register, dim0)` = `{\"in_dims\":[{\"name\":\"register\",\"size\":4,\"bases\":[[1],[2]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":4}]}`\n">;

def Layout_Contract_linear_zeros : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_zeros(n, in, out[, m])` (the operation registry, as\n" #
  "    `layout help linear_zeros` prints it): The zero map of size n from in to out\n" #
  "    (out size m, default 1).\n" #
  "\n" #
  "    Example: `linear_zeros(4, register, dim0, 2)` = `{\"in_dims\":[{\"name\":\"register\",\"size\":4,\"bases\":[[0],[0]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":2}]}`\n">;

def Layout_Contract_linear_strided : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_strided(n, s, in, out)` (the operation registry, as\n" #
  "    `layout help linear_strided` prints it): bit k -> s * 2^k (s a power of\n" #
  "    two).\n" #
  "\n" #
  "    Example: `linear_strided(4, 2, register, dim0)` = `{\"in_dims\":[{\"name\":\"register\",\"size\":4,\"bases\":[[2],[4]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":8}]}`\n">;

def Layout_Contract_linear_apply : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_apply(LL, {\"in\": v, ...})` (the operation registry, as\n" #
  "    `layout help linear_apply` prints it): The outputs {\"out\": v, ...} at the\n" #
  "    given input point (every input named once, values in range).\n" #
  "\n" #
  "    Example: `linear_apply(linear_identity(8, lane, dim0), {\"lane\": 5})` = `{\"dim0\":5}`\n">;

def Layout_Contract_linear_compose : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_compose(A, B)` (the operation registry, as `layout help\n" #
  "    linear_compose` prints it): x -> B(A(x)) (Triton's A.compose(B)); A's\n" #
  "    outputs are B's inputs.\n" #
  "\n" #
  "    Example: `linear_compose(linear_identity(4, a, b), linear_strided(4, 2, b, c))` = `{\"in_dims\":[{\"name\":\"a\",\"size\":4,\"bases\":[[2],[4]]}],\"out_dims\":[{\"name\":\"c\",\"size\":8}]}`\n">;

def Layout_Contract_linear_invert : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_invert(LL)` (the operation registry, as `layout help\n" #
  "    linear_invert` prints it): The inverse of a bijective layout; an error\n" #
  "    otherwise.\n" #
  "\n" #
  "    Example: `linear_invert(linear_strided(2, 1, a, b))` = `{\"in_dims\":[{\"name\":\"b\",\"size\":2,\"bases\":[[1]]}],\"out_dims\":[{\"name\":\"a\",\"size\":2}]}`\n">;

def Layout_Contract_linear_pseudoinvert : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_pseudoinvert(LL)` (the operation registry, as `layout\n" #
  "    help linear_pseudoinvert` prints it): A right inverse of a surjective layout\n" #
  "    (the smallest preimage).\n" #
  "\n" #
  "    Example: `linear_pseudoinvert(linear_from_cute((4,2):(2,1)))` = `{\"in_dims\":[{\"name\":\"offset\",\"size\":8,\"bases\":[[0,1],[1,0],[2,0]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":4},{\"name\":\"dim1\",\"size\":2}]}`\n">;

def Layout_Contract_linear_invert_and_compose : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_invert_and_compose(A, B)` (the operation registry, as\n" #
  "    `layout help linear_invert_and_compose` prints it): C with B(C(x)) = A(x)\n" #
  "    (Triton's A.invertAndCompose(B)).\n" #
  "\n" #
  "    Example: `linear_invert_and_compose(linear_identity(4, x, o), linear_identity(4, y, o))` = `{\"in_dims\":[{\"name\":\"x\",\"size\":4,\"bases\":[[1],[2]]}],\"out_dims\":[{\"name\":\"y\",\"size\":4}]}`\n">;

def Layout_Contract_linear_product : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_product(A, B)` (the operation registry, as `layout help\n" #
  "    linear_product` prints it): Triton's A * B: A is the minor part of each\n" #
  "    shared dimension.\n" #
  "\n" #
  "    Example: `linear_product(linear_identity(2, r, d), linear_identity(4, l, d))` = `{\"in_dims\":[{\"name\":\"r\",\"size\":2,\"bases\":[[1]]},{\"name\":\"l\",\"size\":4,\"bases\":[[2],[4]]}],\"out_dims\":[{\"name\":\"d\",\"size\":8}]}`\n">;

def Layout_Contract_linear_divide_left : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_divide_left(A, B)` (the operation registry, as `layout\n" #
  "    help linear_divide_left` prints it): C with B * C = A, or an error naming\n" #
  "    the basis that fails.\n" #
  "\n" #
  "    Example: `linear_divide_left(linear_product(linear_identity(2, r, d), linear_identity(4, l, d)), linear_identity(2, r, d))` = `{\"in_dims\":[{\"name\":\"r\",\"size\":1,\"bases\":[]},{\"name\":\"l\",\"size\":4,\"bases\":[[1],[2]]}],\"out_dims\":[{\"name\":\"d\",\"size\":4}]}`\n">;

def Layout_Contract_linear_divide_right : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_divide_right(A, B)` (the operation registry, as `layout\n" #
  "    help linear_divide_right` prints it): C with C * B = A, or an error naming\n" #
  "    the basis that fails.\n" #
  "\n" #
  "    Example: `linear_divide_right(linear_product(linear_identity(2, r, d), linear_identity(4, l, d)), linear_identity(4, l, d))` = `{\"in_dims\":[{\"name\":\"r\",\"size\":2,\"bases\":[[1]]},{\"name\":\"l\",\"size\":1,\"bases\":[]}],\"out_dims\":[{\"name\":\"d\",\"size\":2}]}`\n">;

def Layout_Contract_linear_quotient : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_quotient(LL, dims)` (the operation registry, as `layout\n" #
  "    help linear_quotient` prints it): LL without the dimensions dims, when LL is\n" #
  "    the identity on them and uncoupled from the others; an error otherwise.\n" #
  "\n" #
  "    Example: `linear_quotient(linear_product(linear_identity(4, a, a), linear_identity(2, b, c)), [\"a\"])` = `{\"in_dims\":[{\"name\":\"b\",\"size\":2,\"bases\":[[1]]}],\"out_dims\":[{\"name\":\"c\",\"size\":2}]}`\n">;

def Layout_Contract_linear_sublayout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_sublayout(LL, ins, outs)` (the operation registry, as\n" #
  "    `layout help linear_sublayout` prints it): The restriction of LL to the in\n" #
  "    dimensions ins and out dimensions outs.\n" #
  "\n" #
  "    Example: `linear_sublayout(linear_from_cute((2,4):(4,1)), [\"dim1\"], [\"offset\"])` = `{\"in_dims\":[{\"name\":\"dim1\",\"size\":4,\"bases\":[[1],[2]]}],\"out_dims\":[{\"name\":\"offset\",\"size\":8}]}`\n">;

def Layout_Contract_linear_transpose_ins : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_transpose_ins(LL, order)` (the operation registry, as\n" #
  "    `layout help linear_transpose_ins` prints it): The same map with the in\n" #
  "    dimensions in the given order.\n" #
  "\n" #
  "    Example: `linear_transpose_ins(linear_from_cute((2,4):(4,1)), [\"dim1\",\"dim0\"])` = `{\"in_dims\":[{\"name\":\"dim1\",\"size\":4,\"bases\":[[1],[2]]},{\"name\":\"dim0\",\"size\":2,\"bases\":[[4]]}],\"out_dims\":[{\"name\":\"offset\",\"size\":8}]}`\n">;

def Layout_Contract_linear_transpose_outs : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_transpose_outs(LL, order)` (the operation registry, as\n" #
  "    `layout help linear_transpose_outs` prints it): The same map with the out\n" #
  "    dimensions in the given order.\n" #
  "\n" #
  "    Example: `linear_transpose_outs(linear_product(linear_identity(2, r, d), linear_identity(4, l, e)), [\"e\",\"d\"])` = `{\"in_dims\":[{\"name\":\"r\",\"size\":2,\"bases\":[[0,1]]},{\"name\":\"l\",\"size\":4,\"bases\":[[1,0],[2,0]]}],\"out_dims\":[{\"name\":\"e\",\"size\":4},{\"name\":\"d\",\"size\":2}]}`\n">;

def Layout_Contract_linear_reshape_ins : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_reshape_ins(LL, [[name, size], ...])` (the operation\n" #
  "    registry, as `layout help linear_reshape_ins` prints it): The in dimensions\n" #
  "    flattened (minor to major) and split into the given ones.\n" #
  "\n" #
  "    Example: `linear_reshape_ins(linear_identity(8, r, d), [[\"a\",2],[\"b\",4]])` = `{\"in_dims\":[{\"name\":\"a\",\"size\":2,\"bases\":[[1]]},{\"name\":\"b\",\"size\":4,\"bases\":[[2],[4]]}],\"out_dims\":[{\"name\":\"d\",\"size\":8}]}`\n">;

def Layout_Contract_linear_reshape_outs : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_reshape_outs(LL, [[name, size], ...])` (the operation\n" #
  "    registry, as `layout help linear_reshape_outs` prints it): The out\n" #
  "    dimensions flattened (minor to major) and split into the given ones.\n" #
  "\n" #
  "    Example: `linear_reshape_outs(linear_identity(8, r, d), [[\"x\",2],[\"y\",4]])` = `{\"in_dims\":[{\"name\":\"r\",\"size\":8,\"bases\":[[1,0],[0,1],[0,2]]}],\"out_dims\":[{\"name\":\"x\",\"size\":2},{\"name\":\"y\",\"size\":4}]}`\n">;

def Layout_Contract_linear_flatten_ins : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_flatten_ins(LL)` (the operation registry, as `layout\n" #
  "    help linear_flatten_ins` prints it): All in dimensions as one, named like\n" #
  "    the first.\n" #
  "\n" #
  "    Example: `linear_flatten_ins(linear_from_cute((2,4):(4,1)))` = `{\"in_dims\":[{\"name\":\"dim0\",\"size\":8,\"bases\":[[4],[1],[2]]}],\"out_dims\":[{\"name\":\"offset\",\"size\":8}]}`\n">;

def Layout_Contract_linear_flatten_outs : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_flatten_outs(LL)` (the operation registry, as `layout\n" #
  "    help linear_flatten_outs` prints it): All out dimensions as one, named like\n" #
  "    the first.\n" #
  "\n" #
  "    Example: `linear_flatten_outs(linear_product(linear_identity(2, r, d), linear_identity(4, l, e)))` = `{\"in_dims\":[{\"name\":\"r\",\"size\":2,\"bases\":[[1]]},{\"name\":\"l\",\"size\":4,\"bases\":[[2],[4]]}],\"out_dims\":[{\"name\":\"d\",\"size\":8}]}`\n">;

def Layout_Contract_linear_concat_ins : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_concat_ins(A, B)` (the operation registry, as `layout\n" #
  "    help linear_concat_ins` prints it): The in dimensions of A then those of B\n" #
  "    (the out dimensions must be equal).\n" #
  "\n" #
  "    Example: `linear_concat_ins(linear_identity(2, r, d), linear_zeros(2, l, d, 2))` = `{\"in_dims\":[{\"name\":\"r\",\"size\":2,\"bases\":[[1]]},{\"name\":\"l\",\"size\":2,\"bases\":[[0]]}],\"out_dims\":[{\"name\":\"d\",\"size\":2}]}`\n">;

def Layout_Contract_linear_concat_outs : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_concat_outs(A, B)` (the operation registry, as `layout\n" #
  "    help linear_concat_outs` prints it): The out dimensions of A then those of B\n" #
  "    (the in dimensions must be equal).\n" #
  "\n" #
  "    Example: `linear_concat_outs(linear_identity(2, r, d), linear_identity(2, r, e))` = `{\"in_dims\":[{\"name\":\"r\",\"size\":2,\"bases\":[[1,1]]}],\"out_dims\":[{\"name\":\"d\",\"size\":2},{\"name\":\"e\",\"size\":2}]}`\n">;

def Layout_Contract_linear_column_action : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_column_action(LL, in, [i, ...])` (the operation\n" #
  "    registry, as `layout help linear_column_action` prints it): The bases of in\n" #
  "    permuted or selected: bases'[j] = bases[action[j]].\n" #
  "\n" #
  "    Example: `linear_column_action(linear_identity(4, r, d), r, [1,0])` = `{\"in_dims\":[{\"name\":\"r\",\"size\":4,\"bases\":[[2],[1]]}],\"out_dims\":[{\"name\":\"d\",\"size\":4}]}`\n">;

def Layout_Contract_linear_is_surjective : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_is_surjective(LL)` (the operation registry, as `layout\n" #
  "    help linear_is_surjective` prints it): Whether every output is reached.\n" #
  "\n" #
  "    Example: `linear_is_surjective(linear_identity(4, r, d))` = `true`\n">;

def Layout_Contract_linear_is_injective : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_is_injective(LL)` (the operation registry, as `layout\n" #
  "    help linear_is_injective` prints it): Whether no two inputs map to the same\n" #
  "    output.\n" #
  "\n" #
  "    Example: `linear_is_injective(linear_zeros(2, r, d))` = `false`\n">;

def Layout_Contract_linear_is_invertible : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_is_invertible(LL)` (the operation registry, as `layout\n" #
  "    help linear_is_invertible` prints it): Whether LL is a bijection (square and\n" #
  "    surjective).\n" #
  "\n" #
  "    Example: `linear_is_invertible(linear_identity(4, r, d))` = `true`\n">;

def Layout_Contract_linear_rank : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_rank(LL)` (the operation registry, as `layout help\n" #
  "    linear_rank` prints it): The rank of LL's matrix over F2.\n" #
  "\n" #
  "    Example: `linear_rank(linear_zeros(4, a, b))` = `0`\n">;

def Layout_Contract_linear_vector_width : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_vector_width(LL)` (the operation registry, as `layout\n" #
  "    help linear_vector_width` prints it): How many consecutive registers (values\n" #
  "    of the first in dimension) hold consecutive elements along the tensor's\n" #
  "    fastest dimension: out dimensions dim0, ..., dim{n-1} are a row-major\n" #
  "    tensor's (dim{n-1} fastest), any other out dimensions are read as Triton's\n" #
  "    getNumConsecutiveInOut does (the first one fastest).\n" #
  "\n" #
  "    Example: `linear_vector_width(tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>)` = `8`\n">;

def Layout_Contract_linear_free_variable_masks : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_free_variable_masks(LL)` (the operation registry, as\n" #
  "    `layout help linear_free_variable_masks` prints it): {\"in\": mask, ...}: the\n" #
  "    input bits that are free variables (do not change the output independently).\n" #
  "\n" #
  "    Example: `linear_free_variable_masks(linear_zeros(4, a, b))` = `{\"a\":3}`\n">;

def Layout_Contract_linear_from_cute : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_from_cute(F[, ins[, out]])` (the operation registry, as\n" #
  "    `layout help linear_from_cute` prints it): A CuTe layout (power-of-two\n" #
  "    shapes, swizzles allowed) as a linear layout: one in dimension per mode\n" #
  "    (default names dim0, dim1, ...), out dimension offset.\n" #
  "\n" #
  "    Example: `linear_from_cute((4,2):(2,1))` = `{\"in_dims\":[{\"name\":\"dim0\",\"size\":4,\"bases\":[[2],[4]]},{\"name\":\"dim1\",\"size\":2,\"bases\":[[1]]}],\"out_dims\":[{\"name\":\"offset\",\"size\":8}]}`\n">;

def Layout_Contract_linear_to_cute : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_to_cute(LL)` (the operation registry, as `layout help\n" #
  "    linear_to_cute` prints it): The CuTe layout (maybe Sw<B,M,S> o 0 o L) of a\n" #
  "    linear layout, or an error when none exists.\n" #
  "\n" #
  "    Example: `linear_to_cute(linear_from_cute((4,2):(2,1)))` = `(4,2):(2,1)`\n">;

def Layout_Contract_linear_encoding : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_encoding(ENC, [extents])` (the operation registry, as\n" #
  "    `layout help linear_encoding` prints it): The linear layout of a Triton\n" #
  "    encoding over a tensor of power-of-two extents. ENC is Triton's attribute\n" #
  "    text (#ttg.blocked, #ttg.nvidia_mma, #ttg.dot_op, #ttg.slice,\n" #
  "    #ttg.swizzled_shared, #ttg.nvmma_shared, #ttg.linear; parents inline) or a\n" #
  "    JSON object with a kind (docs/linear.md).\n" #
  "\n" #
  "    Example: `linear_encoding(#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>, [4, 32])` = `{\"in_dims\":[{\"name\":\"register\",\"size\":4,\"bases\":[[0,1],[0,2]]},{\"name\":\"lane\",\"size\":32,\"bases\":[[0,4],[0,8],[0,16],[1,0],[2,0]]},{\"name\":\"warp\",\"size\":1,\"bases\":[]},{\"name\":\"block\",\"size\":1,\"bases\":[]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":4},{\"name\":\"dim1\",\"size\":32}]}`\n">;

def Layout_Contract_linear_bank_conflicts : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_bank_conflicts(R, S, bits) | (C, bits)` (the operation\n" #
  "    registry, as `layout help linear_bank_conflicts` prints it): The\n" #
  "    shared-memory bank conflicts of a register layout R stored through S (or of\n" #
  "    a register -> offset map C) with elements of the given bit width.\n" #
  "\n" #
  "    Example: `linear_bank_conflicts(linear_from_cute((32,4):(4,1), [\"lane\",\"register\"], \"offset\"), 16)` = `0`\n">;

def Layout_Contract_linear_smem_access : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_smem_access(R, S, bits) | (C, bits)` (the operation\n" #
  "    registry, as `layout help linear_smem_access` prints it): The detail of that\n" #
  "    access: vector width, bytes, lanes per phase, conflicts, wavefronts,\n" #
  "    instructions.\n" #
  "\n" #
  "    Example: `linear_smem_access(linear_from_cute((32,4):(4,1), [\"lane\",\"register\"], \"offset\"), 16)` = `{\"vector\":4,\"bytes\":8,\"lanes_per_phase\":16,\"conflicts\":0,\"wavefronts_per_phase\":1,\"instructions\":1,\"phases\":2,\"wavefronts_per_instruction\":2,\"extra_wavefronts\":0}`\n">;

def Layout_Contract_linear_optimal_swizzling : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_optimal_swizzling(src, dst, bits)` (the operation\n" #
  "    registry, as `layout help linear_optimal_swizzling` prints it): A\n" #
  "    shared-memory layout through which src is written and dst read without bank\n" #
  "    conflicts, with its vector width.\n" #
  "\n" #
  "    Example: `linear_optimal_swizzling(linear_from_cute((32,4):(4,1), [\"lane\",\"register\"], \"dim0\"), linear_from_cute((32,4):(1,32), [\"lane\",\"register\"], \"dim0\"), 16)` = `{\"smem\":{\"in_dims\":[{\"name\":\"offset\",\"size\":128,\"bases\":[[1],[2],[4],[8],[16],[64],[34]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":128}]},\"vector\":1,\"write_conflicts\":0,\"read_conflicts\":0}`\n">;

def Layout_Contract_linear_choose_swizzle : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `linear_choose_swizzle(R, S, bits)` (the operation registry, as\n" #
  "    `layout help linear_choose_swizzle` prints it): The CuTe swizzle Sw<B,M,S>\n" #
  "    for the smem layout S that minimizes R's bank conflicts, with the swizzled\n" #
  "    layout.\n" #
  "\n" #
  "    Example: `linear_choose_swizzle(linear_encoding(#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [0, 1]}>, [64, 8]), (64,8):(8,1), 16)` = `{\"swizzle\":\"Sw<3,2,4>\",\"vector\":1,\"conflicts\":0,\"smem\":{\"in_dims\":[{\"name\":\"dim0\",\"size\":64,\"bases\":[[8],[16],[32],[68],[136],[272]]},{\"name\":\"dim1\",\"size\":8,\"bases\":[[1],[2],[4]]}],\"out_dims\":[{\"name\":\"offset\",\"size\":512}]}}`\n">;

def Layout_Contract_convert_plan : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `convert_plan(src, dst, bits[, smem_budget])` (the operation\n" #
  "    registry, as `layout help convert_plan` prints it): How a register tensor\n" #
  "    moves from layout src to layout dst (linear layouts or Triton encodings with\n" #
  "    their shape; warps follow from them): path registers, shuffle or shared; for\n" #
  "    shared, the smem layout and the st/ld.shared or stmatrix/ldmatrix\n" #
  "    instructions chosen together for the fewest wavefronts, then instructions,\n" #
  "    with the per-warp lower bound, the gap and a certificate re-derived by\n" #
  "    enumerating every lane (budget default 232448 bytes; a tensor larger than it\n" #
  "    is tiled over common register bits).\n" #
  "\n" #
  "    Example: `convert_plan(tensor<32x32xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>>, tensor<32x32xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]}>>, 16)` = `{\"path\":\"shared\",\"warps\":1,\"elem_bits\":16,\"instructions\":[{\"name\":\"stmatrix.sync.aligned.m8n8.x4.trans.shared.b16\",\"width\":128,\"count\":4,\"wavefronts\":4},{\"name\":\"bar.warp.sync\",\"width\":0,\"count\":1,\"wavefronts\":0},{\"name\":\"ld.shared.v4.b32\",\"width\":128,\"count\":4,\"wavefronts\":4}],\"smem\":{\"in_dims\":[{\"name\":\"offset\",\"size\":1024,\"bases\":[[1,0],[2,0],[4,0],[8,0],[16,0],[0,1],[0,2],[0,4],[8,8],[16,16]]}],\"out_dims\":[{\"name\":\"dim0\",\"size\":32},{\"name\":\"dim1\",\"size\":32}]},\"smem_bytes\":2048,\"tiles\":1,\"measure\":\"wavefronts\",\"cost\":32,\"lower_bound\":32,\"gap\":0,\"instruction_count\":8,\"instruction_lower_bound\":8,\"certificate\":{\"verified\":true,\"write_wavefronts\":16,\"read_wavefronts\":16,\"write_lower_bound\":16,\"read_lower_bound\":16}}`\n">;

def Layout_Contract_wgmma_desc : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `wgmma_desc(elem, K | MN, smem[, byte_address])` (the operation\n" #
  "    registry, as `layout help wgmma_desc` prints it): The 64-bit WGMMA\n" #
  "    shared-memory matrix descriptor of the operand tile smem (swizzle included),\n" #
  "    as hex; errors say which field or condition fails.\n" #
  "\n" #
  "    Example: `wgmma_desc(f16, K, wgmma_k_block(f16, Sw<3,3,3> o 0 o ((8,8),64):((64,512),1), 1))` = `\"0x4000004000010002\"`\n">;

def Layout_Contract_wgmma_k_block : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `wgmma_k_block(elem, tile, k)` (the operation registry, as\n" #
  "    `layout help wgmma_k_block` prints it): The operand block k (one\n" #
  "    instruction's K) of a K-major WGMMA tile.\n" #
  "\n" #
  "    Example: `wgmma_k_block(f16, Sw<3,3,3> o 0 o ((8,8),64):((64,512),1), 1)` = `Sw<3,3,3> o 16 o (64,16):(64,1)`\n">;

def Layout_Contract_tma_desc : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tma_desc(elem, gmem, smem)` (the operation registry, as `layout\n" #
  "    help tma_desc` prints it): The cuTensorMapEncodeTiled arguments (JSON) of a\n" #
  "    TMA copy between the global layout gmem and the shared tile smem, with the\n" #
  "    box coordinates; the driver's rules are checked.\n" #
  "\n" #
  "    Example: `tma_desc(f32, (1024,256):(256,1), (64,32):(32,1))` = `{\"dataType\":7,\"dataTypeName\":\"CU_TENSOR_MAP_DATA_TYPE_FLOAT32\",\"rank\":2,\"globalDim\":[256,1024],\"globalStrides\":[1024],\"boxDim\":[32,64],\"elementStrides\":[1,1],\"interleave\":0,\"swizzle\":0,\"swizzleName\":\"CU_TENSOR_MAP_SWIZZLE_NONE\",\"l2Promotion\":2,\"oobFill\":0,\"boxBytes\":8192,\"boxes\":[{\"smemOffset\":0,\"tmaCoord\":[0,0]}],\"tmaBasis\":\"(32,64):(1@1,1@0)\",\"smemToTma\":\"(64,32):(1@1,1@0)\",\"gmemToTma\":\"(1024,256):(1@1,1@0)\"}`\n">;

def Layout_Contract_ldmatrix : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `ldmatrix(elem, smem, fragment)` (the operation registry, as\n" #
  "    `layout help ldmatrix` prints it): The ldmatrix form (x1/x2/x4, .trans) that\n" #
  "    loads the TV fragment (32 threads, V values) from smem, with each lane's row\n" #
  "    byte offset.\n" #
  "\n" #
  "    Example: `ldmatrix(f16, (16,16):(16,1), ((4,8),(2,2,2)):((32,1),(16,8,128)))` = `{\"instr\":\"ldmatrix.sync.aligned.m8n8.x4.shared.b16\",\"num\":4,\"trans\":false,\"lane_offsets\":[0,32,64,96,128,160,192,224,256,288,320,352,384,416,448,480,16,48,80,112,144,176,208,240,272,304,336,368,400,432,464,496]}`\n">;

def Layout_Contract_stmatrix : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `stmatrix(elem, smem, fragment)` (the operation registry, as\n" #
  "    `layout help stmatrix` prints it): The stmatrix form that stores the TV\n" #
  "    fragment to smem, with each lane's row byte offset.\n" #
  "\n" #
  "    Example: `stmatrix(f16, (16,16):(16,1), ((4,8),(2,2,2)):((32,1),(16,8,128)))` = `{\"instr\":\"stmatrix.sync.aligned.m8n8.x4.shared.b16\",\"num\":4,\"trans\":false,\"lane_offsets\":[0,32,64,96,128,160,192,224,256,288,320,352,384,416,448,480,16,48,80,112,144,176,208,240,272,304,336,368,400,432,464,496]}`\n">;

def Layout_Contract_umma_desc : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `umma_desc(elem, K | MN, smem[, byte_address])` (the operation\n" #
  "    registry, as `layout help umma_desc` prints it): The 64-bit tcgen05 (UMMA)\n" #
  "    shared-memory matrix descriptor of the operand tile smem, as hex: start\n" #
  "    address, LBO, SBO, version bits 46-48 = 0b001, base offset, LBO mode and\n" #
  "    layout type (bits 61-63), derived from the tile's canonical form (one of the\n" #
  "    five swizzle modes); an illegal tile is an error naming the rule.\n" #
  "\n" #
  "    Example: `umma_desc(f16, K, Sw<3,3,3> o 0 o (128,16):(64,1))` = `\"0x4000404000010000\"`\n">;

def Layout_Contract_umma_instr_desc : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `umma_instr_desc(a, b, d, M, N, majorA, majorB[, modifier,\n" #
  "    ...])` (the operation registry, as `layout help umma_instr_desc` prints it):\n" #
  "    The 32-bit tcgen05.mma instruction descriptor, as hex (CuTe's\n" #
  "    make_instr_desc), from the element types of A, B and the accumulator, the\n" #
  "    MMA shape and the operand majors; modifiers: negA, negB, sat, sparse,\n" #
  "    sel0-sel3 (sparsity selector), cta1/cta2, ws, maxshift8/16/32, and block\n" #
  "    scaling (kinds mxf8f6f4, mxf4, mxf4nvf4; make_instr_desc_block_scaled): the\n" #
  "    scale type ue8m0 or ue4m3, block16/block32, sfa0-sfa3, sfb0-sfb3; runtime\n" #
  "    gives the 64-bit runtime form. A kind, type, shape or modifier combination\n" #
  "    PTX does not define is an error naming the rule.\n" #
  "\n" #
  "    Example: `umma_instr_desc(f16, f16, f32, 128, 256, K, K)` = `\"0x08400010\"`\n">;

def Layout_Contract_tmem_copy : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tmem_copy(tmem, fragment[, warp])` (the operation registry, as\n" #
  "    `layout help tmem_copy` prints it): The tcgen05.ld/st form (shape 32x32b,\n" #
  "    16x64b, 16x128b, 16x256b or 16x32bx2, and .num) that moves the register\n" #
  "    fragment to or from the TMEM layout tmem (tile index -> lane<<16 | column),\n" #
  "    each warp's TMEM address and the allocation size (a power of two >= 32\n" #
  "    columns); a warp that would reach outside its own 32-lane quadrant is an\n" #
  "    error.\n" #
  "\n" #
  "    Example: `tmem_copy((16,8):(65536,1), ((4,8),(2,2)):((32,1),(16,8)))` = `{\"ld\":\"tcgen05.ld.sync.aligned.16x256b.x1.b32\",\"st\":\"tcgen05.st.sync.aligned.16x256b.x1.b32\",\"shape\":\"16x256b\",\"num\":1,\"regs\":4,\"warps\":[{\"warp\":0,\"lane\":0,\"column\":0,\"taddr\":0}],\"allocColumns\":32}`\n">;

def Layout_Contract_fragment_store : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `fragment_store(elem, fragment, rows)` (the operation registry,\n" #
  "    as `layout help fragment_store` prints it): The plan of\n" #
  "    layout.fragment_store: the fragment (thread, register) -> m + rows*n of a\n" #
  "    tile split into each register's (row, column) offset, added to the thread's,\n" #
  "    when the two modes do not carry into each other's rows; the registers\n" #
  "    grouped into vector stores (adjacent columns of one row, aligned for every\n" #
  "    thread, up to 16 bytes of elem). A fragment that carries or stores two\n" #
  "    registers to one element is an error.\n" #
  "\n" #
  "    Example: `fragment_store(f16, ((4,8,4),(2,2,2)):((128,1,16),(64,8,512)), 64)` = `{\"threads\":128,\"rows\":64,\"values\":[[0,0],[0,1],[8,0],[8,1],[0,8],[0,9],[8,8],[8,9]],\"groups\":[[0,1],[2,3],[4,5],[6,7]],\"widths\":[2,2,2,2],\"rejected\":[{\"width\":8,\"why\":\"register 0 is at (row 0, column 0) of the thread's part, but column 2 of that row is not one of its registers\"},{\"width\":4,\"why\":\"register 0 is at (row 0, column 0) of the thread's part, but column 2 of that row is not one of its registers\"}]}`\n">;

def Layout_Contract_smem_layout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `smem_layout(elem, K | MN, MN, K[, stages])` (the operation\n" #
  "    registry, as `layout help smem_layout` prints it): The shared-memory layout\n" #
  "    of an MN x K WGMMA operand (or epilogue) tile in stages: the widest swizzle\n" #
  "    atom (128, 64, 32-byte rows, else 16-byte interleaved) whose row divides the\n" #
  "    contiguous extent, tiled to (MN, K, stages) as CUTLASS's ss_smem_selector\n" #
  "    and tile_to_shape; each wider row rejected with its reason; certified a\n" #
  "    bijection with stage bases on atom boundaries and a WGMMA descriptor for\n" #
  "    stage 0's first K block; the stages must fit 227 KiB.\n" #
  "\n" #
  "    Example: `smem_layout(f16, K, 128, 64, 4)` = `{\"swizzle_bytes\":128,\"atom\":\"Sw<3,3,3> o 0 o (8,64):(64,1)\",\"layout\":\"Sw<3,3,3> o 0 o ((8,16),(64,1),(1,4)):((64,512),(1,0),(0,8192))\",\"stage_bytes\":16384,\"bytes\":65536,\"rejected\":[],\"certificate\":{\"bijective\":true,\"stage_aligned\":true,\"descriptor\":\"0x4000004000010000\",\"k_blocks\":4}}`\n">;

def Layout_Contract_tmem_load : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tmem_load(tmem, columns[, budget])` (the operation registry, as\n" #
  "    `layout help tmem_load` prints it): The tcgen05.ld (shape 32x32b, 16x256b,\n" #
  "    16x128b or 16x64b, and .num) that reads the first `columns` columns of a\n" #
  "    TMEM accumulator layout (tile index -> lane << 16 | column) with the most\n" #
  "    registers per thread within the budget (default 128), and the (thread,\n" #
  "    register) -> tile index fragment it gives a warpgroup; wider candidates\n" #
  "    rejected with their reasons; certified by tmem_copy deriving the same\n" #
  "    instruction from the fragment.\n" #
  "\n" #
  "    Example: `tmem_load((128,64):(65536,1), 32)` = `{\"ld\":\"tcgen05.ld.sync.aligned.32x32b.x32.b32\",\"shape\":\"32x32b\",\"num\":32,\"regs\":32,\"fragment\":\"(128,32):(1,128)\",\"columns\":32,\"rejected\":[{\"instr\":\"32x32b.x128\",\"why\":\"thread 0 register 32 reads column 32, past the 32-column subtile\"},{\"instr\":\"32x32b.x64\",\"why\":\"thread 0 register 32 reads column 32, past the 32-column subtile\"},{\"instr\":\"16x256b.x32\",\"why\":\"thread 0 register 16 reads column 32, past the 32-column subtile\"},{\"instr\":\"16x256b.x16\",\"why\":\"thread 0 register 16 reads column 32, past the 32-column subtile\"},{\"instr\":\"16x128b.x64\",\"why\":\"thread 0 register 16 reads column 32, past the 32-column subtile\"},{\"instr\":\"16x128b.x32\",\"why\":\"thread 0 register 16 reads column 32, past the 32-column subtile\"},{\"instr\":\"16x64b.x128\",\"why\":\"thread 0 register 16 reads column 32, past the 32-column subtile\"},{\"instr\":\"16x64b.x64\",\"why\":\"thread 0 register 16 reads column 32, past the 32-column subtile\"}],\"certificate\":{\"tmem_copy\":\"tcgen05.ld.sync.aligned.32x32b.x32.b32\"}}`\n">;

def Layout_Contract_lego_apply : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_apply(L, i0, i1, ...)` (the operation registry, as `layout\n" #
  "    help lego_apply` prints it): The physical offset of the logical index (i0,\n" #
  "    i1, ...) under the bijective (LEGO) layout L; each index within its dim.\n" #
  "\n" #
  "    Example: `lego_apply(OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6]), 4, 2)` = `23`\n">;

def Layout_Contract_lego_inv : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_inv(L, x)` (the operation registry, as `layout help\n" #
  "    lego_inv` prints it): The logical index of offset x (0 <= x < size):\n" #
  "    lego_apply(L, lego_inv(L, x)) == x.\n" #
  "\n" #
  "    Example: `lego_inv(OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6]), 23)` = `[4,2]`\n">;

def Layout_Contract_lego_table : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_table(L)` (the operation registry, as `layout help\n" #
  "    lego_table` prints it): lego_apply at every logical index in row-major order\n" #
  "    (size <= 2^20); a permutation of [0, size).\n" #
  "\n" #
  "    Example: `lego_table(OrderBy(Col([2,3])).GroupBy([2,3]))` = `[0,2,4,1,3,5]`\n">;

def Layout_Contract_lego_print : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_print(L)` (the operation registry, as `layout help\n" #
  "    lego_print` prints it): L in canonical text (sugar expanded); it parses back\n" #
  "    to the same layout.\n" #
  "\n" #
  "    Example: `lego_print(TileBy([2,3],[4,5]))` = `\"OrderBy(RegP([2, 3, 4, 5], [1, 3, 2, 4])).GroupBy([2, 3], [4, 5])\"`\n">;

def Layout_Contract_lego_index : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_index(L)` (the operation registry, as `layout help\n" #
  "    lego_index` prints it): The index expressions of apply and inv, simplified\n" #
  "    and unsimplified, with their operation counts; each simplified expression\n" #
  "    equals its unsimplified one on the whole domain.\n" #
  "\n" #
  "    Example: `lego_index(OrderBy(Col([2,3])).GroupBy([2,3]))` = `{\"params\":[\"i0\",\"i1\"],\"apply\":\"i0 + 2 * i1\",\"apply_raw\":\"2 * ((3 * i0 + i1) % 3) + (3 * i0 + i1) / 3\",\"inv\":[\"x % 2\",\"x / 2\"],\"inv_raw\":[\"(3 * (x % 2) + x / 2) / 3\",\"(3 * (x % 2) + x / 2) % 3\"],\"ops\":{\"apply\":2,\"apply_raw\":6,\"inv\":2,\"inv_raw\":6}}`\n">;

def Layout_Contract_lego_simplify : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_simplify(expr, x:n | x:lo..hi, ...)` (the operation\n" #
  "    registry, as `layout help lego_simplify` prints it): expr simplified under\n" #
  "    the ranges 0 <= x < n (or lo <= x < hi) of its variables; equal to expr at\n" #
  "    every point of those ranges.\n" #
  "\n" #
  "    Example: `lego_simplify((6*q + r) / 6, r:6)` = `\"q\"`\n">;

def Layout_Contract_lego_to_cute : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_to_cute(L)` (the operation registry, as `layout help\n" #
  "    lego_to_cute` prints it): The CuTe layout with the same function as L over\n" #
  "    one index per logical dim, when L is strided; an error naming the first\n" #
  "    piece that is not.\n" #
  "\n" #
  "    Example: `lego_to_cute(OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6]))` = `((3,2),(3,2)):((3,18),(1,9))`\n">;

def Layout_Contract_lego_from_cute : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_from_cute(C)` (the operation registry, as `layout help\n" #
  "    lego_from_cute` prints it): A bijective layout equal to the static CuTe\n" #
  "    layout C, when C is a bijection onto [0, size(C)); an error naming the leaf\n" #
  "    otherwise.\n" #
  "\n" #
  "    Example: `lego_from_cute((2,3):(1,2))` = `\"OrderBy(RegP([2, 3], [2, 1])).GroupBy([2, 3])\"`\n">;

def Layout_Contract_lego_codegen : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_codegen(L, c | triton | mlir[, name])` (the operation\n" #
  "    registry, as `layout help lego_codegen` prints it): Source text of L's\n" #
  "    simplified apply and inv in C, Triton or MLIR (arith), as `layout codegen`\n" #
  "    prints it.\n" #
  "\n" #
  "    Example: `lego_codegen(OrderBy(Col([2,3])).GroupBy([2,3]), triton)` = `\"# layout: OrderBy(RegP([2, 3], [2, 1])).GroupBy([2, 3])\\n# apply: 2 ops (unsimplified 6)\\n@triton.jit\\ndef lego_apply(i0, i1):\\n    return (i0 + (2 * i1))\\n\\n# inv: 2 ops (unsimplified 6)\\n@triton.jit\\ndef lego_inv(x):\\n    return (x % 2), (x // 2)\\n\"`\n">;

def Layout_Contract_lego_equal : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_equal(A, B)` (the operation registry, as `layout help\n" #
  "    lego_equal` prints it): Whether A and B (bijective, CuTe or linear layouts)\n" #
  "    are the same function over the same index box, checked at every point (at\n" #
  "    most 2^22); when not, the first index where they differ and both values.\n" #
  "\n" #
  "    Example: `lego_equal(OrderBy(Col([2,3])).GroupBy([2,3]), (2,3):(1,2))` = `{\"equal\":true}`\n">;

def Layout_Contract_relation : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `relation(L[, flat | coord | modes])` (the operation registry,\n" #
  "    as `layout help relation` prints it): The integer set relation of the layout\n" #
  "    L (any kind) in ISL notation, simplified: over the flat coordinate `[c]`\n" #
  "    (default), the natural coordinate (coord: one input per leaf) or one input\n" #
  "    per top-level mode (modes).\n" #
  "\n" #
  "    Example: `relation((2,2):(1,4), coord)` = `{ [c0, c1] -> [o = c0 + 4c1] : 0 <= c0 <= 1 and 0 <= c1 <= 1 }`\n">;

def Layout_Contract_equal : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `equal(L1, L2[, flat | coord | modes])` (the operation registry,\n" #
  "    as `layout help equal` prints it): Whether L1 and L2 (layouts of any kind)\n" #
  "    are the same relation over the same domain, decided by ISL: {\"equal\": true},\n" #
  "    or {\"equal\": false} with a coordinate where they differ (witness), both\n" #
  "    offsets there (left, right) and the reason.\n" #
  "\n" #
  "    Example: `equal((4,2):(1,4), 8:1)` = `{\"equal\":true}`\n">;

def Layout_Contract_is_injective : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `is_injective(L)` (the operation registry, as `layout help\n" #
  "    is_injective` prints it): Whether no two coordinates of L map to one offset:\n" #
  "    {\"holds\": true, \"witness\": []}, or {\"holds\": false, \"kind\": \"collision\"}\n" #
  "    with two coordinates (witness), their offset and the reason.\n" #
  "\n" #
  "    Example: `is_injective((4,8):(8,1))` = `{\"holds\":true,\"witness\":[]}`\n">;

def Layout_Contract_is_bijective : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `is_bijective(L)` (the operation registry, as `layout help\n" #
  "    is_bijective` prints it): Whether L is a function, injective and onto its\n" #
  "    codomain ([0, size) for CuTe, swizzled, composed and LEGO layouts, [0, 2^N)\n" #
  "    for a linear layout with N output bits): as is_injective, with the failure\n" #
  "    kinds collision, missed (an offset no coordinate reaches), outside (a\n" #
  "    coordinate whose offset leaves the codomain) and not_a_function.\n" #
  "\n" #
  "    Example: `is_bijective(8:2)` = `{\"holds\":false,\"kind\":\"outside\",\"witness\":[4],\"offset\":8,\"reason\":\"coordinate 4 maps to offset 8, outside the codomain\"}`\n">;

def Layout_Contract_image : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `image(L)` (the operation registry, as `layout help image`\n" #
  "    prints it): The set of offsets L reaches, in ISL notation.\n" #
  "\n" #
  "    Example: `image(4:2)` = `{ [o] : (o) mod 2 = 0 and 0 <= o <= 6 }`\n">;

def Layout_Contract_gaps : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `gaps(L)` (the operation registry, as `layout help gaps` prints\n" #
  "    it): The offsets between the least and the largest offset of L that L does\n" #
  "    not reach, in ISL notation.\n" #
  "\n" #
  "    Example: `gaps((2,3):(1,4))` = `{ [o] : 2 <= o <= 7 and (o <= 3 or o >= 6) }`\n">;

def Layout_Contract_from_relation : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `from_relation(MAP[, S])` (the operation registry, as `layout\n" #
  "    help from_relation` prints it): The CuTe layout whose relation is the ISL\n" #
  "    map MAP (a function of static integers from a box to offsets, 0 at 0),\n" #
  "    coalesced mode by mode; with a shape S, the layout over S whose strides are\n" #
  "    the offsets at its mode boundaries. An error says why no layout exists.\n" #
  "\n" #
  "    Example: `from_relation({ [c] -> [31 + 4c + 31*floor((-1 - c)/8)] : 0 <= c <= 31 })` = `(8,4):(4,1)`\n">;

def Layout_Contract_relation_compose : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `relation_compose(A, B)` (the operation registry, as `layout\n" #
  "    help relation_compose` prints it): The relation of A o B (B first) in ISL\n" #
  "    notation: ISL's apply_range, over A's own domain [0, size(A)) (a coordinate\n" #
  "    of B whose offset is outside it has no image; see out_of_domain).\n" #
  "\n" #
  "    Example: `relation_compose((4,2):(1,4), 8:1)` = `{ [c] -> [o = c] : 0 <= c <= 7 }`\n">;

def Layout_Contract_out_of_domain : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `out_of_domain(A, B)` (the operation registry, as `layout help\n" #
  "    out_of_domain` prints it): The coordinates c of B whose offset B(c) is\n" #
  "    outside A's domain [0, size(A)), in ISL notation: where CuTe's composition A\n" #
  "    o B reads A past its size.\n" #
  "\n" #
  "    Example: `out_of_domain(4:1, (2,4):(1,2))` = `{ [c] : 4 <= c <= 7 }`\n">;

def Layout_Contract_relation_inverse : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `relation_inverse(L)` (the operation registry, as `layout help\n" #
  "    relation_inverse` prints it): The reverse relation of L (offset ->\n" #
  "    coordinate), in ISL notation.\n" #
  "\n" #
  "    Example: `relation_inverse(4:2)` = `{ [o] -> [c] : 2c = o and 0 <= o <= 6 }`\n">;

def Layout_Contract_complement_fill : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `complement_fill(L, D)` (the operation registry, as `layout help\n" #
  "    complement_fill` prints it): The paper's complement of the shape:stride\n" #
  "    layout L up to the size D: fill as many gaps of L's image as possible, each\n" #
  "    new mode floor(end/begin):begin from the least offset not reached; CuTe's\n" #
  "    complement is complement.\n" #
  "\n" #
  "    Example: `complement_fill((2,2):(1,5), 20)` = `(2,3):(2,9)`\n">;

def Layout_Contract_lego_is_bijective : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lego_is_bijective(CHAIN)` (the operation registry, as `layout\n" #
  "    help lego_is_bijective` prints it): Whether the LEGO chain is a bijection,\n" #
  "    each GenP piece proved by ISL at any size: {\"holds\": true, \"witness\": []},\n" #
  "    or {\"holds\": false} with the piece, the kind of failure, a witness and the\n" #
  "    reason.\n" #
  "\n" #
  "    Example: `lego_is_bijective(OrderBy(Col([2,3])).GroupBy([2,3]))` = `{\"holds\":true,\"witness\":[]}`\n">;

def Layout_Contract_complement_check : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `complement_check(A, M)` (the operation registry, as `layout\n" #
  "    help complement_check` prints it): CuTe's complement R of A up to M with its\n" #
  "    contract proved by ISL: {\"holds\": true, \"complement\": R}, or {\"holds\":\n" #
  "    false} with the complement, the condition that fails, a witness and the\n" #
  "    reason.\n" #
  "\n" #
  "    Example: `complement_check(4:2, 24)` = `{\"holds\":true,\"complement\":\"(2,3):(1,8)\"}`\n">;

def Layout_Contract_const : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `const() {value: #layout.<value>} -> !layout.<value>` (the\n" #
  "    operation registry, as `layout help const` prints it; the op exists only in\n" #
  "    IR): A constant of the layout algebra (a layout, swizzle, tiler, tuple or\n" #
  "    linear layout); the result type is `!layout.<kind><text>` of the attribute,\n" #
  "    and the op folds to its attribute. Pre: the value is valid, in canonical\n" #
  "    text and static. Errors: an invalid value (the algebra's message), a text\n" #
  "    that is not canonical (naming the canonical one), a `?` leaf (build it with\n" #
  "    `layout.make`).\n">;

def Layout_Contract_make : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `make([, leaves: index, ...]) -> !layout.<value>` (the operation\n" #
  "    registry, as `layout help make` prints it; the op exists only in IR): The\n" #
  "    layout-dialect value of the result type whose `?` leaves are the `index`\n" #
  "    operands, one per `?` leaf in print order; folds to `layout.const` when\n" #
  "    there is none. Errors: a result type `*`, a linear layout (it has no runtime\n" #
  "    leaves: `layout.const`), an operand count that is not the number of `?`\n" #
  "    leaves.\n">;

def Layout_Contract_shape_leaf : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `shape_leaf(layout: !layout.<value>) {path: array<i64>} ->\n" #
  "    index` (the operation registry, as `layout help shape_leaf` prints it; the\n" #
  "    op exists only in IR): The leaf of the layout's shape at the mode path\n" #
  "    `path` (outermost first), as an `index`. Folds to an `arith.constant` when\n" #
  "    the leaf is static, and to the matching operand of `layout.make` when it is\n" #
  "    a runtime `?` leaf of a layout built by `layout.make`. Error: a path that\n" #
  "    names no leaf.\n">;

def Layout_Contract_stride_leaf : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `stride_leaf(layout: !layout.<value>) {path: array<i64>} ->\n" #
  "    index` (the operation registry, as `layout help stride_leaf` prints it; the\n" #
  "    op exists only in IR): The leaf of the layout's stride at the mode path\n" #
  "    `path` (outermost first), as an `index`; folds as `layout.shape_leaf` does\n" #
  "    (a static leaf to a constant, a `?` leaf of `layout.make` to its operand).\n" #
  "    Error: a path that names no leaf.\n">;

def Layout_Contract_apply : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `apply([, indices: index, ...]) {layout: #layout.<value>} ->\n" #
  "    index` (the operation registry, as `layout help apply` prints it; the op\n" #
  "    exists only in IR): The physical offset of a bijective (LEGO) layout\n" #
  "    `#layout.bijective<...>` at the logical index: one `index` operand per\n" #
  "    logical dim (its GroupBy dims), each in `[0, n_k)`. Folds to a constant when\n" #
  "    every index is a constant in the domain; `--layout-lower-to-index` lowers it\n" #
  "    to the simplified `arith` index math. Errors: a layout that is not\n" #
  "    bijective, an operand count other than the number of logical dims.\n">;

def Layout_Contract_inv : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `inv(offset: index) {layout: #layout.<value>} -> index, ...`\n" #
  "    (the operation registry, as `layout help inv` prints it; the op exists only\n" #
  "    in IR): The logical index of a physical offset in `[0, size)` under a\n" #
  "    bijective (LEGO) layout: one `index` result per logical dim. Folds to\n" #
  "    constants when the offset is a constant in the domain;\n" #
  "    `--layout-lower-to-index` lowers it to `arith` index math. Errors: a layout\n" #
  "    that is not bijective, a result count other than the number of logical dims.\n">;

def Layout_Contract_make_tensor : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `make_tensor(ptr: !llvm.ptr, layout: !layout.<value>) ->\n" #
  "    !layout.tensor` (the operation registry, as `layout help make_tensor` prints\n" #
  "    it; the op exists only in IR): The tensor in memory whose element at\n" #
  "    coordinate c lies at `ptr + layout(c)` elements (CuTe's make_tensor). The\n" #
  "    layout operand has the result type's layout type; the pointer's address\n" #
  "    space is the tensor's memory space (`global`: 1 or the generic 0, `shared`:\n" #
  "    3, `tmem`: 6); a `tma` tensor is made from its tensor map (an `!llvm.ptr`)\n" #
  "    and a plain layout of 1 to 5 modes. Errors: a pointer of another address\n" #
  "    space, a `tma` tensor of another pointer or layout.\n">;

def Layout_Contract_local_tile : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `local_tile(tensor: !layout.tensor[, coord: index, ...]) {tile:\n" #
  "    #layout.<value>} -> !layout.tensor` (the operation registry, as `layout help\n" #
  "    local_tile` prints it; the op exists only in IR): CuTe's local_tile(T, tile,\n" #
  "    coord): `tile` is a flat tuple of positive extents, one per top-level mode\n" #
  "    of the tensor's layout L, and there is one `index` coordinate per mode; the\n" #
  "    result's layout is mode 0 of zipped_divide(L, tile) and its first element is\n" #
  "    element (c_0 t_0, c_1 t_1, ...) of the tensor. The verifier computes the\n" #
  "    layout with the algebra and compares it with the result type; a tile of a\n" #
  "    swizzled tensor must be the first tile moved. Where an extent of L is not a\n" #
  "    static multiple of its tile extent, the copies of the tile (`async_copy`,\n" #
  "    `global_load`, `global_store`) are predicated on the residue. Errors: a tile\n" #
  "    that is not a flat tuple of positive extents, a tile or coordinate count\n" #
  "    other than L's rank, a result type other than the computed one.\n">;

def Layout_Contract_partition : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `partition(tensor: !layout.tensor, thread: index) {thr:\n" #
  "    #layout.<value>, val: #layout.<value>, vector: i64} -> !layout.tensor` (the\n" #
  "    operation registry, as `layout help partition` prints it; the op exists only\n" #
  "    in IR): Thread t's part of a global or shared tensor under CuTe's\n" #
  "    make_tiled_copy(atom, thr, val) with atoms of `vector` consecutive values\n" #
  "    (get_slice(t).partition_S(T), equal to partition_D): with R = tidfrg(L, thr,\n" #
  "    val, vector), the result's layout is (mode 1 of R, the modes of mode 2 of R\n" #
  "    ...), CuTe's (CPY, CPY_M, CPY_N), and its first element is R(t, 0, 0). Pre:\n" #
  "    `thr` and `val` are layouts; fixing the thread mode is a translation of the\n" #
  "    rest (a swizzle reads no bit the thread mode does not own). Errors: the\n" #
  "    algebra's message, a tensor in another memory space, thread partitions that\n" #
  "    are not one partition moved, a result type other than the computed one.\n">;

def Layout_Contract_partition_mma : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `partition_mma(tensor: !layout.tensor, thread: index) {atom:\n" #
  "    string, operand: string, atoms: array<i64>, permutation?: #layout.<value>}\n" #
  "    -> !layout.tensor` (the operation registry, as `layout help partition_mma`\n" #
  "    prints it; the op exists only in IR): Thread t's part of MMA operand\n" #
  "    `operand` (A: M x K, B: N x K, C: M x N) under CuTe's make_tiled_mma(atom,\n" #
  "    Layout<Shape<TM,TN,TK>>[, permutation]) (partition_A/B/C): the atom\n" #
  "    (`sm80_16x8x16`, `sm80_16x8x8`) repeated over the column-major grid `atoms =\n" #
  "    [TM, TN, TK]`, thread t being lane t mod 32 of atom t div 32; with R =\n" #
  "    thrfrg(L, atom TV layout, atom tile, grid) the layout is\n" #
  "    slice(((0,(0,0)),(_,(_,_,...))), R), CuTe's (MMA, MMA_M, MMA_N), and the\n" #
  "    first element R at the thread's (lane, (atom row, atom column)).\n" #
  "    `permutation`, a tiler [P_M, P_N, P_K], reorders L by the operand's two\n" #
  "    modes first. Pre: fixing the thread is a translation. Errors: an unknown\n" #
  "    atom or operand, the algebra's message, a result type other than the\n" #
  "    computed one.\n">;

def Layout_Contract_copy : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `copy(src: !layout.tensor, dst: !layout.tensor) {align: i64,\n" #
  "    async?: unit}` (the operation registry, as `layout help copy` prints it; the\n" #
  "    op exists only in IR): CuTe's copy: element i of `src` goes to element i of\n" #
  "    `dst` (colexicographic index) for every i < size, each thread its\n" #
  "    partitions. Pre: both tensors in global or shared memory, the same\n" #
  "    whole-byte element type, the same static number of elements (at most 4096);\n" #
  "    `align`, a power of two of at least one element, is the byte alignment\n" #
  "    promised for both first elements and every runtime stride times the element\n" #
  "    size. `--layout-lower-tensors` picks the widest vector w (every aligned run\n" #
  "    of w indices consecutive and w-aligned in both tensors, at most 16 bytes and\n" #
  "    `align`); with `async` (global to shared only) each run is one cp.async of\n" #
  "    4, 8 or 16 bytes. Errors: each violated precondition by name; a cp.async of\n" #
  "    fewer than 4 bytes.\n">;

def Layout_Contract_slice_tensor : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `slice_tensor(tensor: !layout.tensor[, coord: index, ...])\n" #
  "    {modes: array<i64>, ring?: unit} -> !layout.tensor` (the operation registry,\n" #
  "    as `layout help slice_tensor` prints it; the op exists only in IR): CuTe's\n" #
  "    T(_, _, s): the top-level modes `modes` (increasing) of the tensor's layout\n" #
  "    L fixed at the `index` coordinates (one per mode, each the one-dimensional\n" #
  "    coordinate of its mode) and dropped; the result's layout is select of the\n" #
  "    other modes and its first element is the element at the fixed coordinates.\n" #
  "    Pre: that offset is a translation of the rest (for Sw<B,M,S> o o o L every\n" #
  "    stride of a fixed mode is a static multiple of 2^(B+M+|S|)). With `ring`\n" #
  "    each coordinate is a ring position k and the mode (of static extent) is\n" #
  "    fixed at k mod extent. Errors: a coordinate count other than the modes',\n" #
  "    modes not increasing or out of range, every mode fixed, a fixed mode that is\n" #
  "    not a translation, a result type other than the computed one.\n">;

def Layout_Contract_select_tensor : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `select_tensor(tensor: !layout.tensor) {modes: array<i64>} ->\n" #
  "    !layout.tensor` (the operation registry, as `layout help select_tensor`\n" #
  "    prints it; the op exists only in IR): CuTe's select: the same pointer and\n" #
  "    bytes through the layout of the distinct top-level modes `modes`, in that\n" #
  "    order (a permutation of all modes transposes the tensor; a subset is the\n" #
  "    tensor at coordinate 0 of the others; a swizzle and offset stay). Free at\n" #
  "    run time. Errors: a result type other than the computed view (or another\n" #
  "    element type), a `tma` tensor, a tile that may reach past its tensor.\n">;

def Layout_Contract_group_tensor : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `group_tensor(tensor: !layout.tensor) {begin: i64, end: i64} ->\n" #
  "    !layout.tensor` (the operation registry, as `layout help group_tensor`\n" #
  "    prints it; the op exists only in IR): CuTe's group_modes<begin, end>: the\n" #
  "    same pointer and bytes, the modes [begin, end) of the tensor's layout as one\n" #
  "    mode whose coordinate is the colexicographic coordinate of the grouped ones.\n" #
  "    Free at run time. Errors: a result type other than the computed view, a\n" #
  "    `tma` tensor, a tile that may reach past its tensor.\n">;

def Layout_Contract_recast_tensor : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `recast_tensor(tensor: !layout.tensor) -> !layout.tensor` (the\n" #
  "    operation registry, as `layout help recast_tensor` prints it; the op exists\n" #
  "    only in IR): CuTe's recast<T>: the same pointer and bytes read as elements\n" #
  "    of the result's element type, the layout recast from the source's width to\n" #
  "    the result's (upcast by the ratio when wider, downcast when narrower;\n" #
  "    whole-byte integer or float types of integral ratio). Free at run time.\n" #
  "    Errors: where the bytes do not make whole elements the algebra's error names\n" #
  "    the mode; a result type other than the computed one, a `tma` tensor, a tile\n" #
  "    that may reach past its tensor.\n">;

def Layout_Contract_shared_alloc : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `shared_alloc(base: !llvm.ptr<3>) -> !layout.tensor, ...` (the\n" #
  "    operation registry, as `layout help shared_alloc` prints it; the op exists\n" #
  "    only in IR): Shared tensors laid out one after another from `base` (CuTe's\n" #
  "    SharedStorage): each result's layout is static, its bytes cosize(L) *\n" #
  "    sizeof(T), placed at the next multiple of its alignment (16 bytes, or its\n" #
  "    layout's translation period in bytes when larger: 1024 for Sw<3,3,3> of\n" #
  "    f16); the base is rounded up to the largest alignment at run time, and a\n" #
  "    remark of `--layout-lower-tensors` prints the bytes the kernel needs. A base\n" #
  "    that is a global of static size must hold them. Errors: a base that is not\n" #
  "    `!llvm.ptr<3>`, no result, a result whose layout is not static.\n">;

def Layout_Contract_tensor_ptr : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tensor_ptr(tensor: !layout.tensor) -> !llvm.ptr` (the operation\n" #
  "    registry, as `layout help tensor_ptr` prints it; the op exists only in IR):\n" #
  "    The address of the tensor's element at coordinate 0 (CuTe's t.data()), after\n" #
  "    the tiles and slices that made it, as a pointer of the tensor's address\n" #
  "    space (a global tensor's may be the generic one; a `tma` tensor's is its\n" #
  "    tensor map); `--layout-lower-tensors` resolves it. Error: a pointer type of\n" #
  "    another address space.\n">;

def Layout_Contract_mbarrier_init : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `mbarrier_init(bars: !layout.tensor) {arrivals: i64}` (the\n" #
  "    operation registry, as `layout help mbarrier_init` prints it; the op exists\n" #
  "    only in IR): Every i64 of the shared tensor `bars` (a static layout) becomes\n" #
  "    an mbarrier expecting `arrivals` arrivals per phase, then\n" #
  "    fence.mbarrier_init makes them visible. One thread executes it, before a CTA\n" #
  "    barrier. Errors: a tensor that is not a shared tensor of i64 with a static\n" #
  "    layout, `arrivals` outside [1, 2^20 - 1].\n">;

def Layout_Contract_mbarrier_wait : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `mbarrier_wait(bars: !layout.tensor, position: index) {free?:\n" #
  "    unit}` (the operation registry, as `layout help mbarrier_wait` prints it;\n" #
  "    the op exists only in IR): For a ring of S barriers (a rank-1 shared i64\n" #
  "    tensor of static size S), waits until position k = `position` has completed:\n" #
  "    barrier k mod S in its phase k div S, testing the parity (k div S) mod 2\n" #
  "    (mbarrier.try_wait.parity in a loop). With `free` it waits until the stage\n" #
  "    of position k is free: the phase of position k - S has completed (parity (k\n" #
  "    div S + 1) mod 2), at once for k < S. Pre: the thread knows position k - S\n" #
  "    has completed (a parity names a phase only among two neighbours). Error: a\n" #
  "    ring whose layout is not rank 1.\n">;

def Layout_Contract_mbarrier_arrive : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `mbarrier_arrive(bars: !layout.tensor, position: index)\n" #
  "    {multicast?: i64}` (the operation registry, as `layout help mbarrier_arrive`\n" #
  "    prints it; the op exists only in IR): Every executing thread arrives once\n" #
  "    (mbarrier.arrive, release at CTA scope) on barrier k mod S of the ring,\n" #
  "    towards its phase k div S: a consumer releases the stage of position k. With\n" #
  "    `multicast = n` (2 to 16) it arrives on that barrier of each of the\n" #
  "    cluster's CTAs 0..n-1 (cluster scope); the kernel's nvvm.cluster_dim must\n" #
  "    have n CTAs. Errors: a ring whose layout is not rank 1, `multicast` outside\n" #
  "    [2, 16].\n">;

def Layout_Contract_tma_copy : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tma_copy(src: !layout.tensor, dst: !layout.tensor[, bars:\n" #
  "    !layout.tensor][, position: index]) {multicast?: i64}` (the operation\n" #
  "    registry, as `layout help tma_copy` prints it; the op exists only in IR): A\n" #
  "    TMA copy of a tile between a `tma` tensor and a shared tensor: a load (tma\n" #
  "    -> shared) completes on the barrier of ring position k (`barrier(%ring[%k] :\n" #
  "    ...)`: it sets the barrier's expected transaction bytes to the tile's and\n" #
  "    arrives on it); a store (shared -> tma) has no barrier. The TMA coordinates,\n" #
  "    box and bytes follow from the global and shared layouts (hw::tma_desc);\n" #
  "    elements past the global tensor are zero-filled by loads and not written by\n" #
  "    stores. One thread issues it. A load with `multicast = n` (2 to 16) cuts\n" #
  "    mode 0 in n slices, the CTA of cluster rank r loading slice r into every\n" #
  "    CTA. Errors: not one tma and one shared tensor, a load without a barrier,\n" #
  "    tiles of different static extents per mode, multicast on a store or a mode 0\n" #
  "    not a multiple of n, the algebra's message.\n">;

def Layout_Contract_encode_tensor_map : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `encode_tensor_map(tensorMap: !llvm.ptr, tensor: !layout.tensor)\n" #
  "    {smem: #layout.<value>} -> i32` (the operation registry, as `layout help\n" #
  "    encode_tensor_map` prints it; the op exists only in IR): Host: writes into\n" #
  "    `tensorMap` (128 bytes, 64-byte aligned) the TMA tensor map of the global\n" #
  "    tensor (made by `layout.make_tensor`) for tiles laid out by the static\n" #
  "    shared layout `smem` (one copy's box) and returns cuTensorMapEncodeTiled's\n" #
  "    status (0: success). Data type, rank, box, swizzle, global extents and byte\n" #
  "    strides all come from the two layouts (hw::tma_desc), the runtime ones from\n" #
  "    the leaves of the tensor's layout; `--layout-lower-tensors` turns it into\n" #
  "    `layout.tma_desc`, where the algebra's rules are checked by name. Errors: a\n" #
  "    tensor map that is not an `!llvm.ptr`, an `smem` that is not a static CuTe\n" #
  "    layout; a runtime stride not a multiple of 16 bytes is the driver's error\n" #
  "    status.\n">;

def Layout_Contract_tma_encodable : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tma_encodable(tensor: !layout.tensor) -> i1` (the operation\n" #
  "    registry, as `layout help tma_encodable` prints it; the op exists only in\n" #
  "    IR): Whether cuTensorMapEncodeTiled accepts the global extents and strides\n" #
  "    of the `tma` or `global` tensor (made by `layout.make_tensor`, every\n" #
  "    top-level mode a leaf): every extent in [1, 2^32], every stride of a mode\n" #
  "    other than the contiguous one (static stride 1) a multiple of 16 bytes below\n" #
  "    2^40 bytes. The host encoder derived by `layout.tensor_map_encoder` tests\n" #
  "    the same condition; `--layout-lower-tensors` turns it into index math on the\n" #
  "    leaves. Error: a tensor in another memory space.\n">;

def Layout_Contract_mma_async : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `mma_async(a: !layout.tensor | tensor, b: !layout.tensor, c:\n" #
  "    tensor) -> tensor` (the operation registry, as `layout help mma_async`\n" #
  "    prints it; the op exists only in IR): D = A B^T + C by warpgroup MMAs in\n" #
  "    flight (sm_90a): A (M x K) and B (N x K) shared tensors with static layouts\n" #
  "    of two modes, both f16 or both bf16 (m64nNk16) or each f8E4M3FN/f8E5M2\n" #
  "    (m64nNk32, K-major only, K a multiple of 32); C and D M x N f32 register\n" #
  "    tensors of one layout that holds the wgmma accumulator\n" #
  "    (hw::wgmma_accumulator, warpgroup G at rows 64 G ..). A may be an f16/bf16 M\n" #
  "    x K register tensor holding the ISA's A fragment for every k block of 16\n" #
  "    (the RS form). `--layout-lower-tensors` emits wgmma.fence, one\n" #
  "    wgmma.mma_async per warpgroup and k block (descriptors from the shared\n" #
  "    layouts) and commit_group; the kernel waits\n" #
  "    (nvvm.wgmma.wait.group.sync.aligned) before it reads D or overwrites A and\n" #
  "    B. Errors: the element types, shapes or layouts above, naming the lane, warp\n" #
  "    and field where the accumulator or A fragment fails.\n">;

def Layout_Contract_mma_tmem : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `mma_tmem(a: !layout.tensor, b: !layout.tensor, d:\n" #
  "    !layout.tensor, accumulate: i1[, commitBars: !layout.tensor][,\n" #
  "    commitPosition: index]) {ctaGroup?: i64}` (the operation registry, as\n" #
  "    `layout help mma_tmem` prints it; the op exists only in IR): D (TMEM) = A\n" #
  "    B^T (+ D) by tcgen05.mma (sm_100a): A (128 x K) and B (N x K) shared f16 or\n" #
  "    bf16 tensors (the same) with static layouts, D the M x N f32 TMEM\n" #
  "    accumulator laid out (128,N):(65536,1) (N a multiple of 16 in [16, 256]);\n" #
  "    per k block of 16 the UMMA descriptors and one `layout.tcgen05_mma`\n" #
  "    (cta_group::1, kind::f16) that adds to D when `accumulate` is true. One\n" #
  "    thread issues it. With `commit(%ring[%k] : ...)`, tcgen05.commit to the\n" #
  "    barrier of ring position k. `ctaGroup = 2`: the MMA of a CTA pair (M = 256,\n" #
  "    each CTA 128 rows of A and N/2 rows of B). Errors: a commit without its\n" #
  "    position, ctaGroup other than 1 or 2, operand shapes or types other than\n" #
  "    these, an accumulator layout other than tcgen05.mma's.\n">;

def Layout_Contract_tensor_memory_load : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tensor_memory_load(src: !layout.tensor) -> tensor` (the\n" #
  "    operation registry, as `layout help tensor_memory_load` prints it; the op\n" #
  "    exists only in IR): A register tensor (`#layout.linear` encoding) whose\n" #
  "    element c is element c of the TMEM tensor (same shape, rank 2, the same\n" #
  "    32-bit element type f32 or i32), by tcgen05.ld: the shape (32x32b, 16x64b,\n" #
  "    16x128b, 16x256b, 16x32bx2) and .num derived from the TMEM layout and the\n" #
  "    register tensor's thread-value layout ((lane, warp), register) -> tile\n" #
  "    index, with the quadrant rule; valid after the tcgen05.wait::ld it ends\n" #
  "    with. One warp or a warpgroup. Errors: element types or shapes that differ,\n" #
  "    elements that are not 32-bit; an encoding no shape moves (the rule each\n" #
  "    shape breaks), a swizzled encoding, more or fewer warps.\n">;

def Layout_Contract_tensor_memory_store : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tensor_memory_store(value: tensor, dst: !layout.tensor)` (the\n" #
  "    operation registry, as `layout help tensor_memory_store` prints it; the op\n" #
  "    exists only in IR): The inverse of `layout.tensor_memory_load`: element c of\n" #
  "    the register tensor `value` goes to element c of the TMEM tensor `dst`, by\n" #
  "    the tcgen05.st shape derived as there; ends with tcgen05.wait::st. Errors:\n" #
  "    as `layout.tensor_memory_load`.\n">;

def Layout_Contract_convert_layout : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `convert_layout(src: tensor) -> tensor` (the operation registry,\n" #
  "    as `layout help convert_layout` prints it; the op exists only in IR): The\n" #
  "    same register tensor distributed by the result's encoding instead of the\n" #
  "    source's (Triton's ttg.convert_layout): equal values element by element.\n" #
  "    Pre: both encodings are register layouts of the CTA (register, lane with 32\n" #
  "    lanes, optionally warp) that lay out the tensor's extents, name the same\n" #
  "    dimensions and keep the number of warps. Folds to `src` when the encodings\n" #
  "    are equal, and a convert of a convert to one convert.\n" #
  "    `--layout-assign-layouts` removes, moves and inserts these ops (cost:\n" #
  "    convert_plan); the lowering is `layout.convert`. Errors: each violated\n" #
  "    precondition, naming the dimensions or warp counts.\n">;

def Layout_Contract_retile : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `retile(src: tensor) -> tensor` (the operation registry, as\n" #
  "    `layout help retile` prints it; the op exists only in IR): CuTe's retile:\n" #
  "    the registers each thread holds under the source encoding, read through the\n" #
  "    result encoding; no data moves. Pre: convert_layout's conditions, and the\n" #
  "    result gives every lane and warp bit the element the source gives it and\n" #
  "    reads only registers the thread already holds (linear::retile: D.lane =\n" #
  "    S.lane, D.warp = S.warp, span(D.reg) in span(S.reg)). Lowers to a renaming\n" #
  "    of registers; folds as convert_layout. Error: the first bit where the\n" #
  "    encodings part and the elements it selects on each side\n" #
  "    (`layout.convert_layout` moves data).\n">;

def Layout_Contract_transpose : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `transpose(src: tensor) {order: array<i64>} -> tensor` (the\n" #
  "    operation registry, as `layout help transpose` prints it; the op exists only\n" #
  "    in IR): Triton's tt.trans: dimension j of the result is dimension order[j]\n" #
  "    of the source (`order` a permutation), T[x] = S[y] with y[order[j]] = x[j].\n" #
  "    Pre: the result's encoding is the source's with its out dimensions permuted\n" #
  "    the same way (linear::tensor_transpose), so every thread keeps its registers\n" #
  "    and the op lowers to nothing. Folds to the source when `order` is the\n" #
  "    identity. Errors: `order` not a permutation of the rank; the first basis\n" #
  "    that differs (convert_layout moves data).\n">;

def Layout_Contract_reduce : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `reduce(src: tensor) {dim: i64, kind: string} -> tensor` (the\n" #
  "    operation registry, as `layout help reduce` prints it; the op exists only in\n" #
  "    IR): Triton's tt.reduce: the elements along dimension `dim` combined with\n" #
  "    arith.<kind> (addf, mulf, maxnumf, minnumf, maximumf, minimumf on floats;\n" #
  "    addi, muli, maxsi, minsi, maxui, minui, andi, ori, xori on integers). Pre:\n" #
  "    the result's encoding is the source's slice along `dim` (Triton's\n" #
  "    #ttg.slice); elements of 16 or 32 bits. linear::reduce_plan reads the work\n" #
  "    off the layout: in-thread combinations, one butterfly shuffle per lane bit\n" #
  "    along `dim`, a shared- memory stage when warps hold parts of a row; a remark\n" #
  "    states the plan. Errors: a kind that is not a combiner of the element type,\n" #
  "    another element width, an encoding that is not the slice, bases that move\n" #
  "    along `dim` only together with another dimension.\n">;

def Layout_Contract_broadcast : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `broadcast(src: tensor) {dim: i64} -> tensor` (the operation\n" #
  "    registry, as `layout help broadcast` prints it; the op exists only in IR):\n" #
  "    Triton's expand_dims + broadcast: element x of the result is element x\n" #
  "    without coordinate `dim` of the source. Pre: the source's encoding is the\n" #
  "    result's slice along `dim`, so every result register copies one source\n" #
  "    register of the thread (no instruction). Error: the first basis that\n" #
  "    differs.\n">;

def Layout_Contract_coordinate : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `coordinate() {dim: i64} -> tensor` (the operation registry, as\n" #
  "    `layout help coordinate` prints it; the op exists only in IR): Element x of\n" #
  "    the result is x[dim], as the register tensor's encoding places it (CuTe's\n" #
  "    identity tensor partitioned like the fragment, Triton's make_range\n" #
  "    broadcast): the thread's part from tid.x (the XOR of its lane and warp bits'\n" #
  "    coordinates, linear::tensor_coordinates) XOR each register's constant. Pre:\n" #
  "    integer elements of at most 32 bits, wide enough for the extent. Errors:\n" #
  "    `dim` not a dimension, elements too narrow for the coordinates, an encoding\n" #
  "    that is not a register layout.\n">;

def Layout_Contract_global_load : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `global_load(base: !llvm.ptr | !layout.tensor[, strides: i64,\n" #
  "    ...][, bounds: i64, ...]) {align: i64} -> tensor` (the operation registry,\n" #
  "    as `layout help global_load` prints it; the op exists only in IR): Each\n" #
  "    thread loads the registers its encoding gives it from a row-major tensor in\n" #
  "    global memory: element (c_0, .., c_{n-1}) at base + bytes * (sum_{d<n-1} c_d\n" #
  "    s_d + c_{n-1}), one i64 stride per dimension but the last; or the base is a\n" #
  "    global `!layout.tensor` with no strides (one flat mode per dimension, the\n" #
  "    tile's extents, the last of stride 1, then only modes of extent 1). With\n" #
  "    `bounds` (one i64 per dimension) only elements with c_d < b_d are read, the\n" #
  "    others are zero. `align` is the byte alignment promised for the base and\n" #
  "    every stride times the element size; the widest vectors the layout and\n" #
  "    `align` allow (linear::global_access). Errors: a base of another address\n" #
  "    space, a stride or bound count other than these, a tensor base of another\n" #
  "    shape, a known stride that breaks `align`.\n">;

def Layout_Contract_shared_load : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `shared_load(base: !llvm.ptr<3> | !layout.tensor[, smemLayout:\n" #
  "    !layout.<value>]) {smem?: #layout.<value>} -> tensor` (the operation\n" #
  "    registry, as `layout help shared_load` prints it; the op exists only in IR):\n" #
  "    Each thread loads the registers its encoding gives it from shared memory\n" #
  "    laid out by the shared layout: element c at base + bytes * smem(c) (base\n" #
  "    16-byte aligned); `smem` is a CuTe layout of the coordinates (swizzled or\n" #
  "    not, linear over F2) or a linear layout, given as the attribute or as a\n" #
  "    static layout operand `smem(%l : ...)`, or it is the static layout of a\n" #
  "    shared tensor base. Vector ld.shared, or ldmatrix(.trans) when the layouts\n" #
  "    are its form (linear::shared_access). Errors: no shared layout or two, a\n" #
  "    layout operand that is not static, a base in another memory space, no access\n" #
  "    plan (the algebra's message).\n">;

def Layout_Contract_shared_store : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `shared_store(value: tensor, base: !llvm.ptr<3> |\n" #
  "    !layout.tensor[, smemLayout: !layout.<value>]) {smem?: #layout.<value>}`\n" #
  "    (the operation registry, as `layout help shared_store` prints it; the op\n" #
  "    exists only in IR): The addressing and vectors of `layout.shared_load`,\n" #
  "    storing: an element that several registers of a thread hold is stored once\n" #
  "    per thread; vector st.shared, or stmatrix(.trans) on sm_90+ when the layouts\n" #
  "    are its form. The kernel synchronizes the CTA before other threads read the\n" #
  "    tile. Errors: as `layout.shared_load`.\n">;

def Layout_Contract_async_copy : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `async_copy(src: !llvm.ptr<1> | !layout.tensor[, strides: i64,\n" #
  "    ...][, bounds: i64, ...], dst: !llvm.ptr<3> | !layout.tensor[, smemLayout:\n" #
  "    !layout.<value>]) {tile: type, smem?: #layout.<value>, align: i64}` (the\n" #
  "    operation registry, as `layout help async_copy` prints it; the op exists\n" #
  "    only in IR): cp.async of the tile of the register tensor type `tile` (its\n" #
  "    encoding says which elements each thread copies) from global memory,\n" #
  "    addressed as `layout.global_load` (strides or a global tensor, `bounds`,\n" #
  "    `align`), into shared memory at `dst`, element c at dst + bytes * smem(c)\n" #
  "    (`smem` a CuTe layout linear over F2 or a linear layout, attribute or\n" #
  "    operand, or the layout of a shared tensor). Each copy is 4, 8 or 16 bytes,\n" #
  "    the widest both sides allow (linear::async_copy); with `bounds` the elements\n" #
  "    outside are zero-filled. The kernel commits, waits and synchronizes before\n" #
  "    reading the tile. Errors: as global_load and shared_load; a tile no cp.async\n" #
  "    can copy (fewer than 4 contiguous bytes) names the register, lane or warp\n" #
  "    bit and the condition.\n">;

def Layout_Contract_global_store : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `global_store(value: tensor, base: !llvm.ptr | !layout.tensor[,\n" #
  "    strides: i64, ...][, bounds: i64, ...]) {align: i64}` (the operation\n" #
  "    registry, as `layout help global_store` prints it; the op exists only in\n" #
  "    IR): The addressing of `layout.global_load`, storing: each element is stored\n" #
  "    by every thread that holds it, each thread in the widest vectors the layout\n" #
  "    and `align` allow; with `bounds` only the elements inside are written.\n" #
  "    Errors: as `layout.global_load`.\n">;

def Layout_Contract_mma : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `mma(a: tensor, b: tensor, c: tensor) -> tensor` (the operation\n" #
  "    registry, as `layout help mma` prints it; the op exists only in IR): D = A B\n" #
  "    + C with mma.sync m16n8k16 (sm_80+): A M x K, B K x N, C and D M x N; A and\n" #
  "    B both f16 or both bf16, C and D f32 in one layout. Pre: the layouts hold\n" #
  "    the instruction's fragments in registers that are the same in every thread\n" #
  "    (hw::mma_sync, checked for every lane and warp).\n" #
  "    `--layout-lower-register-tensors` emits one nvvm.mma.sync per 16x8\n" #
  "    accumulator tile and k step. Errors: a result type other than C's, shapes or\n" #
  "    element types other than these, the operand, lane, warp and fragment element\n" #
  "    where a layout fails.\n">;

def Layout_Contract_lane_offset : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `lane_offset(lane: i32[, smemLayout: !layout.<value>][,\n" #
  "    fragmentLayout: !layout.<value>]) {instr: string, elem: type, smem?:\n" #
  "    #layout.<value>, fragment?: #layout.<value>} -> i32` (the operation\n" #
  "    registry, as `layout help lane_offset` prints it; the op exists only in IR):\n" #
  "    The byte offset from the tile origin of the row that lane `lane` hands to\n" #
  "    ldmatrix/stmatrix (`instr`) for the shared layout `smem` and the fragment\n" #
  "    `fragment` (each an attribute or a static layout operand): the address\n" #
  "    arithmetic `layout.ldmatrix` and `layout.stmatrix` lower to, as i32 math\n" #
  "    (runs on any target). Errors: a layout given both ways or neither, a layout\n" #
  "    operand that is not static, an element type the hardware lacks, the\n" #
  "    algebra's message when no ldmatrix/stmatrix form loads the fragment.\n">;

def Layout_Contract_wgmma : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `wgmma(a: i64 | !llvm.struct, descB: i64, acc: !llvm.struct) {n:\n" #
  "    i64, elemA: type, majorA: #layout.major, elemB: type, majorB: #layout.major,\n" #
  "    elemD: type, async?: unit} -> !llvm.struct` (the operation registry, as\n" #
  "    `layout help wgmma` prints it; the op exists only in IR): Warpgroup MMA\n" #
  "    m64nNk: D = A * B + D with B from a shared-memory descriptor; A is an i64\n" #
  "    descriptor or the warp's A fragment in four i32 registers (then K-major).\n" #
  "    Lowers to wgmma.fence, wgmma.mma_async, commit_group and wait_group 0; with\n" #
  "    `async` to the wgmma.mma_async alone (the kernel fences, commits and waits).\n" #
  "    Errors: element types or N the instruction lacks, A from registers not\n" #
  "    K-major or not four i32, an accumulator other than the n/2 f32 per thread\n" #
  "    (`!llvm.struct`), a result type other than the accumulator's.\n">;

def Layout_Contract_convert : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `convert(src: !llvm.struct[, smem: !llvm.ptr<3>], thread: i32)\n" #
  "    {elem: type, from: #layout.<value>, to: #layout.<value>, smemBudget?: i64,\n" #
  "    sm?: i64} -> !llvm.struct` (the operation registry, as `layout help convert`\n" #
  "    prints it; the op exists only in IR): Moves a register tensor from the\n" #
  "    register layout `from` to `to` (in dimensions register, lane, warp, over the\n" #
  "    same tensor); register r of a thread is field r of the struct, `thread` is\n" #
  "    the thread's index in the CTA. The lowering follows convert_plan(from, to,\n" #
  "    bits, smemBudget): register moves, warp shuffles, or stores to the shared\n" #
  "    buffer `smem`, a barrier and loads (st/ld.shared widths, stmatrix from\n" #
  "    sm_90, ldmatrix from sm_75, `sm` default 90); a remark names the plan.\n" #
  "    Errors: structs that are not one field of `elem` per register, a shared path\n" #
  "    without the buffer, an element type that cannot be converted, the plan's\n" #
  "    message.\n">;

def Layout_Contract_tma_load : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tma_load(dst: !llvm.ptr<3>, tensorMap: !llvm.ptr, mbar:\n" #
  "    !llvm.ptr<3>[, coords: i32, ...][, gmemLayout: !layout.<value>][,\n" #
  "    smemLayout: !layout.<value>]) {elem: type, gmem?: #layout.<value>, smem?:\n" #
  "    #layout.<value>, multicast?: i64}` (the operation registry, as `layout help\n" #
  "    tma_load` prints it; the op exists only in IR): Device: TMA load of a tile\n" #
  "    into shared memory at `dst`, completing on the mbarrier `mbar`:\n" #
  "    arrive.expect_tx with the tile's byte count, then one cp.async.bulk.tensor\n" #
  "    per box; `coords` are the TMA coordinates of the tile's origin (innermost\n" #
  "    first). The boxes follow from tma_desc(elem, gmem, smem) (each layout an\n" #
  "    attribute or a static operand). With `multicast = n` (2 to 16) the boxes go\n" #
  "    to the same address in each of the cluster's CTAs 0..n-1 and every barrier\n" #
  "    expects n tiles. Errors: pointers of other address spaces, a coordinate\n" #
  "    count other than the TMA rank, a layout given both ways or neither, the\n" #
  "    algebra's message.\n">;

def Layout_Contract_tma_store : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tma_store(tensorMap: !llvm.ptr, src: !llvm.ptr<3>[, coords:\n" #
  "    i32, ...][, gmemLayout: !layout.<value>][, smemLayout: !layout.<value>])\n" #
  "    {elem: type, gmem?: #layout.<value>, smem?: #layout.<value>}` (the operation\n" #
  "    registry, as `layout help tma_store` prints it; the op exists only in IR):\n" #
  "    Device: TMA store of the shared-memory tile at `src` to global memory\n" #
  "    through the tensor map: a proxy fence, one cp.async.bulk.tensor store per\n" #
  "    box (from tma_desc(elem, gmem, smem)), commit and wait; `coords` are the TMA\n" #
  "    coordinates of the tile's origin. Errors: as `layout.tma_load`.\n">;

def Layout_Contract_tcgen05_mma : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tcgen05_mma(tmemD: i32, descA: i64, descB: i64, accumulate: i1)\n" #
  "    {elemA: type, elemB: type, elemD: type, m: i64, n: i64, majorA:\n" #
  "    #layout.major, majorB: #layout.major, negA?: unit, negB?: unit, ctaGroup?:\n" #
  "    i64}` (the operation registry, as `layout help tcgen05_mma` prints it; the\n" #
  "    op exists only in IR): tcgen05.mma, descriptor form (sm_100a): D (TMEM at\n" #
  "    `tmemD`) = A * B (+ D when `accumulate`) with A and B given by UMMA\n" #
  "    shared-memory descriptors (e.g. `layout.umma_desc`). The kind and the 32-bit\n" #
  "    instruction descriptor are derived from the types, shape, majors and\n" #
  "    `negA`/`negB` (umma_instr_desc); `ctaGroup` is 1 (default) or 2. Errors: a\n" #
  "    combination umma_instr_desc rejects (its message), ctaGroup other than 1 or\n" #
  "    2.\n">;

def Layout_Contract_tmem_store : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tmem_store(taddr: i32, values: i32 | vector<N x i32>[,\n" #
  "    tmemLayout: !layout.<value>][, fragmentLayout: !layout.<value>]) {tmem?:\n" #
  "    #layout.<value>, fragment?: #layout.<value>, warp?: i64}` (the operation\n" #
  "    registry, as `layout help tmem_store` prints it; the op exists only in IR):\n" #
  "    tcgen05.st of a register fragment to tensor memory: as `layout.tmem_load`,\n" #
  "    `tmem` maps the tile index to the TMEM address (lane << 16 | column)\n" #
  "    relative to `taddr` and `fragment` is the (threads, values) -> tile index\n" #
  "    layout of the registers (or a register tensor's encoding); the shape and\n" #
  "    .num are derived (tmem_copy) with the quadrant rule; ends with\n" #
  "    tcgen05.wait::st. Errors: values other than one i32 per register, a layout\n" #
  "    given both ways or neither, a fragment no tcgen05 shape moves.\n">;

def Layout_Contract_tcgen05_cp : Layout_Contract<
  "\n" #
  "\n" #
  "    Contract of `tcgen05_cp(taddr: i32, base: !llvm.ptr<3>[, tileLayout:\n" #
  "    !layout.<value>]) {elem: type, tile?: #layout.<value>}` (the operation\n" #
  "    registry, as `layout help tcgen05_cp` prints it; the op exists only in IR):\n" #
  "    tcgen05.cp (128x256b) of a 128-row x 32-byte shared-memory tile (K-major\n" #
  "    canonical layout, any UMMA swizzle) at `base` into 128 lanes x 8 columns of\n" #
  "    TMEM at `taddr`, row r to lane r; the source descriptor is umma_desc(elem,\n" #
  "    K, tile) with the start address from `base`. Errors: a base that is not\n" #
  "    `!llvm.ptr<3>`, a tile of another shape or layout (the algebra's message), a\n" #
  "    layout given both ways or neither.\n">;

#endif // LAYOUT_OP_CONTRACTS_TD
