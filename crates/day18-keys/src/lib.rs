//! day18-keys: under construction.
