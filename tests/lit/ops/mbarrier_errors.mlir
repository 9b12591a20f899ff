// layout.mbarrier_init / mbarrier_wait / mbarrier_arrive: barriers are i64 in shared memory; a ring is rank 1;
// an mbarrier counts 1 to 2^20 - 1 arrivals.
// RUN: layout-opt %s --split-input-file --verify-diagnostics

func.func @i32(%t: !layout.tensor<i32, shared, !layout.layout<4:1>>) {
  // expected-error@+1 {{'layout.mbarrier_init' op the barrier tensor must hold 'i64', found 'i32'}}
  layout.mbarrier_init %t {arrivals = 1 : i64} : !layout.tensor<i32, shared, !layout.layout<4:1>>
  return
}

// -----

func.func @arrivals(%t: !layout.tensor<i64, shared, !layout.layout<4:1>>) {
  // expected-error@+1 {{'layout.mbarrier_init' op an mbarrier expects 1 to 2^20 - 1 arrivals per phase, found 0}}
  layout.mbarrier_init %t {arrivals = 0 : i64} : !layout.tensor<i64, shared, !layout.layout<4:1>>
  return
}

// -----

func.func @global(%t: !layout.tensor<i64, global, !layout.layout<4:1>>) {
  // expected-error@+1 {{'layout.mbarrier_init' op the barrier tensor must be a tensor in shared memory, found '!layout.tensor<i64, global, !layout.layout<4:1>>'}}
  layout.mbarrier_init %t {arrivals = 1 : i64} : !layout.tensor<i64, global, !layout.layout<4:1>>
  return
}

// -----

func.func @rank2(%t: !layout.tensor<i64, shared, !layout.layout<(2,2):(1,2)>>, %k: index) {
  // expected-error@+1 {{'layout.mbarrier_wait' op a barrier ring has a rank-1 layout (barrier s at s), found '!layout.layout<(2,2):(1,2)>'}}
  layout.mbarrier_wait %t[%k] : !layout.tensor<i64, shared, !layout.layout<(2,2):(1,2)>>
  return
}

// -----

func.func @arrive_rank2(%t: !layout.tensor<i64, shared, !layout.layout<(2,2):(1,2)>>, %k: index) {
  // expected-error@+1 {{'layout.mbarrier_arrive' op a barrier ring has a rank-1 layout (barrier s at s), found '!layout.layout<(2,2):(1,2)>'}}
  layout.mbarrier_arrive %t[%k] : !layout.tensor<i64, shared, !layout.layout<(2,2):(1,2)>>
  return
}

// -----

func.func @arrive_global(%t: !layout.tensor<i64, global, !layout.layout<4:1>>, %k: index) {
  // expected-error@+1 {{'layout.mbarrier_arrive' op the barrier ring must be a tensor in shared memory, found '!layout.tensor<i64, global, !layout.layout<4:1>>'}}
  layout.mbarrier_arrive %t[%k] : !layout.tensor<i64, global, !layout.layout<4:1>>
  return
}

// -----

func.func @arrive_f32(%t: !layout.tensor<f32, shared, !layout.layout<4:1>>, %k: index) {
  // expected-error@+1 {{'layout.mbarrier_arrive' op the barrier ring must hold 'i64', found 'f32'}}
  layout.mbarrier_arrive %t[%k] : !layout.tensor<f32, shared, !layout.layout<4:1>>
  return
}

// -----

func.func @arrive_multicast_one(%t: !layout.tensor<i64, shared, !layout.layout<4:1>>, %k: index) {
  // expected-error@+1 {{'layout.mbarrier_arrive' op multicast names 2 to 16 CTAs of a cluster, found 1}}
  layout.mbarrier_arrive %t[%k] {multicast = 1 : i64} : !layout.tensor<i64, shared, !layout.layout<4:1>>
  return
}
