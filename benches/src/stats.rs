//! Small statistics for the quality reports.

/// Outcomes of one method on a group of goals.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    /// Goals that succeeded.
    pub ok: usize,
    /// Goals measured.
    pub total: usize,
    /// Input chars over output chars, on pages of at least the report's size floor.
    pub large_ratios: Vec<f64>,
    /// Output chars of each goal.
    pub sizes: Vec<usize>,
    /// Time of each goal, in microseconds.
    pub micros: Vec<f64>,
}

impl Tally {
    /// Records one goal.
    pub fn add(&mut self, ok: bool, input: usize, output: usize, micros: f64, large: bool) {
        self.total += 1;
        self.ok += usize::from(ok);
        if large {
            self.large_ratios.push(input as f64 / output.max(1) as f64);
        }
        self.sizes.push(output);
        self.micros.push(micros);
    }

    /// Adds `other`'s goals to these.
    pub fn merge(&mut self, other: &Self) {
        self.ok += other.ok;
        self.total += other.total;
        self.large_ratios.extend_from_slice(&other.large_ratios);
        self.sizes.extend_from_slice(&other.sizes);
        self.micros.extend_from_slice(&other.micros);
    }

    /// Success as `12.3 %`.
    #[must_use]
    pub fn percent(&self) -> String {
        format!("{:.1} %", 100.0 * self.ok as f64 / self.total.max(1) as f64)
    }
}

/// The median, 0 for no values.
#[must_use]
pub fn median(v: &[f64]) -> f64 {
    percentile(v, 0.5)
}

/// The value at rank `p` (0 to 1, nearest rank), 0 for no values.
#[must_use]
pub fn percentile(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let rank = (p * (s.len() - 1) as f64).round() as usize;
    s[rank]
}
