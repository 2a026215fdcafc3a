//! day15-combat: under construction.
