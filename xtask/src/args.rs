//! Reading a task's arguments strictly: every flag must be known, every value present, and no
//! argument left over, so a typo such as `--time-limt 5` stops the task with a message instead of
//! quietly running it with the default.
//!
//! Arguments are read by hand (xtask keeps few dependencies); each task says what it takes in a
//! [`Spec`] and gets back the positional values and the flags that were given.

use anyhow::{Result, bail};
use std::collections::BTreeMap;

/// What a task accepts.
pub struct Spec {
    /// The task's name, for messages.
    pub task: &'static str,
    /// The task's usage line, shown with every mistake.
    pub usage: &'static str,
    /// Names of the positional arguments, in order; all are required.
    pub positional: &'static [&'static str],
    /// Flags that take a value (`--time-limit 5`).
    pub with_value: &'static [&'static str],
    /// Flags that stand alone (`--force`).
    pub switches: &'static [&'static str],
}

/// The arguments as given.
#[derive(Debug)]
pub struct Parsed {
    /// The positional arguments, as many as the [`Spec`] names.
    pub positional: Vec<String>,
    flags: BTreeMap<&'static str, Option<String>>,
}

impl Parsed {
    /// The value of a flag with a value, if given.
    pub fn value(&self, flag: &str) -> Option<&str> {
        self.flags.get(flag).and_then(Option::as_deref)
    }

    /// The value of a flag read as a number, if given.
    pub fn number<T: std::str::FromStr>(&self, flag: &str, what: &str) -> Result<Option<T>> {
        match self.value(flag) {
            None => Ok(None),
            Some(text) => match text.parse() {
                Ok(value) => Ok(Some(value)),
                Err(_) => bail!("{flag} {text:?} is not {what}"),
            },
        }
    }

    /// Whether a switch (or any flag) was given.
    pub fn has(&self, flag: &str) -> bool {
        self.flags.contains_key(flag)
    }
}

impl Spec {
    /// Reads `args` (the task's arguments, its name excluded).
    pub fn parse(&self, args: &[String]) -> Result<Parsed> {
        let mut positional = Vec::new();
        let mut flags = BTreeMap::new();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            if arg.starts_with("--") {
                let (flag, value) = if let Some(&flag) = self.with_value.iter().find(|&&flag| flag == arg) {
                    let Some(value) = args.next() else { self.fail(&format!("{flag} needs a value"))? };
                    (flag, Some(value.clone()))
                } else if let Some(&flag) = self.switches.iter().find(|&&flag| flag == arg) {
                    (flag, None)
                } else {
                    self.fail(&format!("unknown flag {arg}"))?
                };
                if flags.insert(flag, value).is_some() {
                    self.fail(&format!("{flag} is given twice"))?;
                }
            } else if positional.len() < self.positional.len() {
                positional.push(arg.clone());
            } else {
                self.fail(&format!("unexpected argument {arg:?}"))?;
            }
        }
        if let Some(missing) = self.positional.get(positional.len()) {
            self.fail(&format!("missing {missing}"))?;
        }
        Ok(Parsed { positional, flags })
    }

    fn fail<T>(&self, problem: &str) -> Result<T> {
        bail!("{}: {problem}\nusage: cargo xtask {}", self.task, self.usage)
    }
}

#[cfg(test)]
mod tests {
    use super::Spec;

    const SPEC: Spec = Spec {
        task: "demo",
        usage: "demo <SET> [--time-limit SECS] [--force]",
        positional: &["<SET>"],
        with_value: &["--time-limit"],
        switches: &["--force"],
    };

    fn parse(args: &[&str]) -> anyhow::Result<super::Parsed> {
        SPEC.parse(&args.iter().map(|&arg| arg.to_owned()).collect::<Vec<_>>())
    }

    #[test]
    fn known_flags_and_positionals_are_read_in_any_order() {
        let parsed = parse(&["--time-limit", "5", "microban", "--force"]).unwrap();
        assert_eq!(parsed.positional, ["microban"]);
        assert_eq!(parsed.number::<f64>("--time-limit", "a number").unwrap(), Some(5.0));
        assert!(parsed.has("--force"));
    }

    #[test]
    fn a_misspelt_flag_is_an_error_not_a_default() {
        let error = parse(&["microban", "--time-limt", "5"]).unwrap_err().to_string();
        assert!(
            error.starts_with("demo: unknown flag --time-limt\nusage: cargo xtask demo <SET>"),
            "{error}"
        );
    }

    #[test]
    fn stray_missing_and_repeated_arguments_are_errors() {
        for (args, problem) in [
            (&["a", "b"][..], "unexpected argument \"b\""),
            (&[][..], "missing <SET>"),
            (&["a", "--time-limit"][..], "--time-limit needs a value"),
            (&["a", "--force", "--force"][..], "--force is given twice"),
        ] {
            let error = parse(args).unwrap_err().to_string();
            assert!(error.contains(problem), "{args:?}: {error}");
        }
        let error = parse(&["a", "--time-limit", "soon"]).unwrap().number::<f64>("--time-limit", "a number");
        assert_eq!(error.unwrap_err().to_string(), "--time-limit \"soon\" is not a number");
    }
}
