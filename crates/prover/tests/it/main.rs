//! The integration tests of kinrow-prover, one binary with a module per
//! subject (ripgrep's layout: one link step, helpers shared without
//! `allow(dead_code)`). Run one module with
//! `cargo test -p kinrow-prover --test it pns_dag::`.

mod andor_edges;
mod andor_puzzles;
mod andor_reductions;
mod andor_reference;
mod auto_race;
mod bench_suite;
mod certificate_writer;
mod common;
mod db_search;
mod defence;
mod dfpn;
mod dfpn_lazy;
mod dfpn_threads;
mod dfpn_zones;
mod dominance;
mod kept_table;
mod pns_andor;
mod pns_budget;
mod pns_dag;
mod pns_lazy;
mod pns_reference;
mod pns_settle;
mod pns_unlimited;
mod pns_zones;
mod renju;
mod reply_order;
mod small_suite;
mod stop;
mod value_andor;
mod value_game;
mod value_mnk;
mod value_random;
mod value_scout;
mod vcf;
mod vcf_fours;
mod vct;
