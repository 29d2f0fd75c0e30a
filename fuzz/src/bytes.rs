//! The fuzzer's bytes, read as the targets need them.

/// A cursor over the fuzzer's bytes: every read succeeds (zeros once they run out).
#[derive(Debug)]
pub struct Bytes<'a>(pub(crate) &'a [u8]);

impl<'a> Bytes<'a> {
    pub(crate) fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    pub(crate) fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }
    pub(crate) fn small(&mut self, n: u8) -> i32 {
        i32::from(self.u8() % n.max(1))
    }
    pub(crate) fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }
    pub(crate) fn f64(&mut self) -> f64 {
        match self.u8() % 8 {
            0 => f64::NAN,
            1 => f64::INFINITY,
            2 => -1.0,
            _ => f64::from(self.u16() as i16) / 256.0,
        }
    }
    pub(crate) fn slice(&mut self, max: usize) -> &'a [u8] {
        let n = usize::from(self.u16()).min(max).min(self.0.len());
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        a
    }
    pub(crate) fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::from(self.u8()) % items.len()]
    }
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
