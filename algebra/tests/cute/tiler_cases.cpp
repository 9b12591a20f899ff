// Generator of tests/data/oracle/cute_cpp_tiler_cases.jsonl: CuTe C++ answers for tilers
// (integer tuples by mode, Tiles, `_`), the uncoalesced blocked/raked products and
// tile_to_shape, and the mode operations of issue 16. Each line is
//   {"op": NAME, "args": [TEXT, ...], "result": CUTE_PRINT}
// with the arguments in the `layout` syntax and the result as CuTe prints it (static `_N`
// marks are removed by the test). Build host-side (see docs/algebra.md, "CuTe C++ on the
// host"):  g++ -std=c++17 -O0 -I<cutlass>/include -I<cuda stubs> tiler_cases.cpp
#include <cute/layout.hpp>
#include <cute/layout_composed.hpp>
#include <cute/swizzle.hpp>
#include <cute/swizzle_layout.hpp>
#include <cstdio>
using namespace cute;

template <class T>
void emit(const char* op, std::initializer_list<const char*> args, T const& r) {
  printf("{\"op\":\"%s\",\"args\":[", op);
  bool first = true;
  for (auto a : args) { printf("%s\"%s\"", first ? "" : ",", a); first = false; }
  printf("],\"result\":\"");
  print(r);
  printf("\"}\n");
}
#define L(s, d) make_layout(s, d)
#define S(...) make_shape(__VA_ARGS__)
#define D(...) make_stride(__VA_ARGS__)

int main() {
  auto A88 = L(S(_8{}, _8{}), D(_8{}, _1{}));
  auto A48 = L(S(_4{}, _8{}), D(_1{}, _4{}));
  auto A8_44 = make_layout(S(_8{}, S(_4{}, _4{})));
  auto A3 = L(S(_8{}, _6{}, _4{}), D(_1{}, _8{}, Int<48>{}));
  // Integer-tuple tilers are by mode.
  emit("logical_divide", {"(8,8):(8,1)", "(2,4)"}, logical_divide(A88, S(_2{}, _4{})));
  emit("logical_divide", {"(8,8):(8,1)", "[2,4]"}, logical_divide(A88, make_tile(_2{}, _4{})));
  emit("logical_divide", {"(8,8):(8,1)", "(2)"}, logical_divide(A88, S(_2{})));
  emit("logical_divide", {"(8,(4,4)):(1,(8,32))", "(2,(2,2))"}, logical_divide(A8_44, S(_2{}, S(_2{}, _2{}))));
  emit("zipped_divide", {"(8,(4,4)):(1,(8,32))", "(2,(2,2))"}, zipped_divide(A8_44, S(_2{}, S(_2{}, _2{}))));
  emit("tiled_divide", {"(8,(4,4)):(1,(8,32))", "(2,(2,2))"}, tiled_divide(A8_44, S(_2{}, S(_2{}, _2{}))));
  emit("flat_divide", {"(8,(4,4)):(1,(8,32))", "(2,(2,2))"}, flat_divide(A8_44, S(_2{}, S(_2{}, _2{}))));
  emit("zipped_divide", {"(8,8):(8,1)", "(2,4)"}, zipped_divide(A88, S(_2{}, _4{})));
  emit("tiled_divide", {"(8,6,4):(1,8,48)", "(4,3)"}, tiled_divide(A3, S(_4{}, _3{})));
  emit("flat_divide", {"(8,6,4):(1,8,48)", "(4,3)"}, flat_divide(A3, S(_4{}, _3{})));
  emit("zipped_divide", {"(8,6,4):(1,8,48)", "[2,(3,2):(2,1)]"}, zipped_divide(A3, make_tile(_2{}, L(S(_3{}, _2{}), D(_2{}, _1{})))));
  emit("logical_product", {"(8,8):(8,1)", "(2,4)"}, logical_product(A88, S(_2{}, _4{})));
  emit("zipped_product", {"(4,8):(1,4)", "(2,3)"}, zipped_product(A48, S(_2{}, _3{})));
  emit("tiled_product", {"(4,8):(1,4)", "(2,3)"}, tiled_product(A48, S(_2{}, _3{})));
  emit("flat_product", {"(4,8):(1,4)", "(2,3)"}, flat_product(A48, S(_2{}, _3{})));
  emit("composition", {"(8,8):(8,1)", "(2,4)"}, composition(A88, S(_2{}, _4{})));
  emit("composition", {"(4,8):(1,4)", "(2,4)"}, composition(A48, S(_2{}, _4{})));
  emit("composition", {"(8,6,4):(1,8,48)", "(4,3)"}, composition(A3, S(_4{}, _3{})));
  emit("ceil_div", {"(8,8)", "(2,4):(1,2)"}, ceil_div(S(_8{}, _8{}), make_layout(S(_2{}, _4{}))));
  emit("ceil_div", {"(8,8)", "[2:1,4:2]"}, ceil_div(S(_8{}, _8{}), make_tile(Layout<_2, _1>{}, Layout<_4, _2>{})));
  emit("ceil_div", {"(16,32)", "(4,8):(1,4)"}, ceil_div(S(_16{}, _32{}), make_layout(S(_4{}, _8{}))));
  emit("ceil_div", {"(10,7)", "(3,2)"}, ceil_div(S(Int<10>{}, Int<7>{}), S(_3{}, _2{})));
  // Nested by-mode tilers keep rank-1 tuples; `_` on a rank-2 mode splits it.
  emit("zipped_divide", {"(128,128):(1,128)", "[[128],[128]]"},
       zipped_divide(make_layout(S(_128{}, _128{})), make_tile(make_tile(Layout<_128>{}), make_tile(Layout<_128>{}))));
  emit("zipped_divide", {"(128,128):(1,128)", "((128),(128))"},
       zipped_divide(make_layout(S(_128{}, _128{})), S(S(_128{}), S(_128{}))));
  emit("zipped_divide", {"(8,(4,4)):(1,(8,32))", "[2:1,_]"}, zipped_divide(A8_44, make_tile(Layout<_2>{}, _)));
  emit("tiled_divide", {"(8,(4,4)):(1,(8,32))", "[2:1,_]"}, tiled_divide(A8_44, make_tile(Layout<_2>{}, _)));
  emit("tiled_divide", {"2:1", "(8)"}, tiled_divide(Layout<_2, _1>{}, S(_8{})));
  emit("tiled_divide", {"6:1", "[1:1]"}, tiled_divide(Layout<_6, _1>{}, make_tile(Layout<_1, _1>{})));
  emit("flat_divide", {"6:1", "[2:1]"}, flat_divide(Layout<_6, _1>{}, make_tile(Layout<_2, _1>{})));
  emit("flat_product", {"2:1", "[4:1]"}, flat_product(Layout<_2, _1>{}, make_tile(Layout<_4, _1>{})));
  // Products and tile_to_shape without the coalesce (CUTLASS >= v3.8).
  auto B34 = L(S(_3{}, _4{}), D(_4{}, _1{}));
  auto T25 = L(S(_2{}, _5{}), D(_1{}, _2{}));
  emit("blocked_product", {"(3,4):(4,1)", "(2,5):(1,2)"}, blocked_product(B34, T25));
  emit("raked_product", {"(3,4):(4,1)", "(2,5):(1,2)"}, raked_product(B34, T25));
  emit("blocked_product", {"8:1", "4:1"}, blocked_product(Layout<_8, _1>{}, Layout<_4, _1>{}));
  emit("raked_product", {"8:1", "4:1"}, raked_product(Layout<_8, _1>{}, Layout<_4, _1>{}));
  emit("blocked_product", {"8:1", "(2,2):(1,2)"}, blocked_product(Layout<_8, _1>{}, make_layout(S(_2{}, _2{}))));
  emit("raked_product", {"8:1", "(3,6):(6,1)"}, raked_product(Layout<_8, _1>{}, L(S(_3{}, _6{}), D(_6{}, _1{}))));
  emit("blocked_product", {"6:1", "(1,5,3):(15,3,1)"}, blocked_product(Layout<_6, _1>{}, L(S(_1{}, _5{}, _3{}), D(Int<15>{}, _3{}, _1{}))));
  emit("raked_product", {"(2):(1)", "2:1"}, raked_product(L(S(_2{}), D(_1{})), Layout<_2, _1>{}));
  emit("raked_product", {"((4,4)):((1,4))", "6:1"}, raked_product(L(S(S(_4{}, _4{})), D(D(_1{}, _4{}))), Layout<_6, _1>{}));
  emit("tile_to_shape", {"((2,4)):((4,1))", "16"}, tile_to_shape(L(S(S(_2{}, _4{})), D(D(_4{}, _1{}))), _16{}));
  emit("zipped_divide", {"((4,3)):((8,16))", "[_]"}, zipped_divide(L(S(S(_4{}, _3{})), D(D(_8{}, _16{}))), make_tile(_)));
  emit("logical_divide", {"2:1", "(2)"}, logical_divide(Layout<_2, _1>{}, S(_2{})));
  emit("zipped_divide", {"(2,1,3):(1,6,6)", "(1)"}, zipped_divide(L(S(_2{}, _1{}, _3{}), D(_1{}, _6{}, _6{})), S(_1{})));
  emit("tiled_divide", {"(2,6):(1,2)", "(8,1)"}, tiled_divide(L(S(_2{}, _6{}), D(_1{}, _2{})), S(_8{}, _1{})));
  emit("logical_divide", {"(8,6):(1,8)", "(8,6)"}, logical_divide(L(S(_8{}, _6{}), D(_1{}, _8{})), S(_8{}, _6{})));
  emit("blocked_product", {"(32,8):(1,32)", "8:1"}, blocked_product(L(S(_32{}, _8{}), D(_1{}, _32{})), Layout<_8, _1>{}));
  emit("tile_to_shape", {"(128,128):(128,1)", "(1024,512)"}, tile_to_shape(L(S(_128{}, _128{}), D(_128{}, _1{})), S(Int<1024>{}, Int<512>{})));
  emit("tile_to_shape", {"(8,8):(8,1)", "(32,32)"}, tile_to_shape(A88, S(_32{}, _32{})));
  emit("tile_to_shape", {"(8,8):(8,1)", "(32,32)", "(1,0)"}, tile_to_shape(A88, S(_32{}, _32{}), Step<_2, _1>{}));
  emit("tile_to_shape", {"4:1", "(8,3)"}, tile_to_shape(Layout<_4, _1>{}, S(_8{}, _3{})));
  emit("tile_to_shape", {"3:1", "(6,8)"}, tile_to_shape(Layout<_3, _1>{}, S(_6{}, _8{})));
  emit("tile_to_shape", {"1:1", "2"}, tile_to_shape(Layout<_1, _1>{}, _2{}));
  emit("tile_to_shape", {"(8):(0)", "32"}, tile_to_shape(L(S(_8{}), D(_0{})), _32{}));
  emit("tile_to_shape", {"(1,4):(4,1)", "(3,4)"}, tile_to_shape(L(S(_1{}, _4{}), D(_4{}, _1{})), S(_3{}, _4{})));
  emit("tile_to_shape", {"(64,8):(1,64)", "((128,1),(16,1),1)"},
       tile_to_shape(L(S(_64{}, _8{}), D(_1{}, _64{})), S(S(_128{}, _1{}), S(_16{}, _1{}), _1{})));
  // dice, group_modes, coalesce by profile.
  emit("dice", {"2", "(4,8):(8,1)"}, dice(_2{}, L(S(_4{}, _8{}), D(_8{}, _1{}))));
  emit("slice", {"2", "(4,8):(8,1)"}, slice(_2{}, L(S(_4{}, _8{}), D(_8{}, _1{}))));
  emit("dice", {"(1,_)", "(4,8):(8,1)"}, dice(make_coord(_1{}, _), L(S(_4{}, _8{}), D(_8{}, _1{}))));
  emit("group_modes", {"(4,8):(8,1)", "1", "1"}, group<1, 1>(L(S(_4{}, _8{}), D(_8{}, _1{}))));
  emit("group_modes", {"(4,8):(8,1)", "0", "0"}, group<0, 0>(L(S(_4{}, _8{}), D(_8{}, _1{}))));
  emit("group_modes", {"8:1", "0", "0"}, group<0, 0>(Layout<_8, _1>{}));
  emit("group_modes", {"8:1", "0", "1"}, group<0, 1>(Layout<_8, _1>{}));
  emit("coalesce", {"1:0", "(1)"}, coalesce(Layout<_1, _0>{}, S(_1{})));
  emit("coalesce", {"8:1", "(1)"}, coalesce(Layout<_8, _1>{}, S(_1{})));
  emit("filter", {"8:1", "(1)"}, filter(Layout<_8, _1>{}, S(_1{})));
  // Slices of swizzled layouts (swizzle_layout.hpp: decayed to a plain layout when the sliced
  // part misses the swizzle's paired bits; the rest of the offset goes to the pointer).
  auto L864r = L(S(_8{}, _64{}), D(_64{}, _1{}));
  auto S1 = composition(Swizzle<3, 4, 3>{}, L864r);
  auto S2 = composition(Swizzle<3, 3, 3>{}, L864r);
  emit("slice", {"(3,_)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, slice(make_coord(_3{}, _), S1));
  emit("slice", {"(_,5)", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, slice(make_coord(_, _5{}), S1));
  emit("slice", {"(3,_)", "Sw<3,3,3> o 0 o (8,64):(64,1)"}, slice(make_coord(_3{}, _), S2));
  emit("slice", {"(_,5)", "Sw<3,3,3> o 0 o (8,64):(64,1)"}, slice(make_coord(_, _5{}), S2));
  emit("slice", {"(_,2)", "Sw<2,0,-3> o 0 o (8,8):(8,1)"},
       slice(make_coord(_, _2{}), composition(Swizzle<2, 0, -3>{}, L(S(_8{}, _8{}), D(_8{}, _1{})))));
  emit("slice", {"(3,_)", "Sw<1,0,1> o 0 o (4,4):(4,1)"},
       slice(make_coord(_3{}, _), composition(Swizzle<1, 0, 1>{}, L(S(_4{}, _4{}), D(_4{}, _1{})))));
  emit("slice", {"(_,(1,_))", "Sw<3,4,3> o 0 o (8,(8,8)):(64,(1,8))"},
       slice(make_coord(_, make_coord(_1{}, _)), composition(Swizzle<3, 4, 3>{}, L(S(_8{}, S(_8{}, _8{})), D(_64{}, D(_1{}, _8{}))))));
  emit("slice", {"_", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, slice(_, S1));
  emit("dice", {"3", "Sw<3,4,3> o 0 o (8,64):(64,1)"}, dice(_3{}, S1));
}
