//! sokoban: under construction.
