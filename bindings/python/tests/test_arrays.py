"""The batch forms accept any one-dimensional integer array (NumPy arrays of
any integer type, array.array of any int code, strided views), converted
once and range-checked; NumPy stays optional."""
import array
import unittest

import warrules as wr

from .support import skip_unless_module

try:
    import numpy
except ImportError:  # NumPy is optional
    numpy = None


def speeds(terrain, traits=0):
    num, den = wr.terrain_speed_batch(terrain, traits)
    return [n / d for n, d in zip(num, den)]


@skip_unless_module("battlesystem")
class IntegerArrays(unittest.TestCase):
    expected = [float(wr.terrain_speed(t)) for t in (0, 2, 3, 4)]

    def test_any_int_code_and_stride_is_converted(self):
        for code in "bBhHiIlLqQ":
            with self.subTest(code):
                self.assertEqual(speeds(array.array(code, [0, 2, 3, 4])), self.expected)
        strided = memoryview(array.array("q", [0, 9, 2, 9, 3, 9, 4, 9]))[::2]
        self.assertEqual(speeds(strided), self.expected)
        self.assertEqual(speeds(array.array("I", [0, 2, 3, 4])), self.expected)

    def test_out_of_range_items_are_refused_not_cut(self):
        for bad in (array.array("q", [0, 2**32 + 2]), array.array("Q", [0, 2**63]),
                    array.array("I", [0, 2**32 - 1]), [0, 2**31]):
            with self.subTest(bad):
                with self.assertRaises(wr.RangeError) as ctx:
                    wr.terrain_speed_batch(bad)
                self.assertIn("terrain[1]", str(ctx.exception))
        with self.assertRaises(wr.RangeError):
            wr.terrain_speed_batch([0], array.array("q", [-1]))  # traits are unsigned

    def test_non_integer_arrays_are_refused(self):
        for bad in (array.array("d", [1.0]), memoryview(array.array("i", [0] * 4)).cast("B").cast("i", (2, 2))):
            with self.subTest(bad):
                with self.assertRaises(wr.InvalidError):
                    wr.terrain_speed_batch(bad)

    @unittest.skipIf(numpy is None, "NumPy is not installed")
    def test_numpy_arrays_of_any_integer_type(self):
        for dtype in (numpy.int8, numpy.uint8, numpy.int16, numpy.int32, numpy.uint32, numpy.int64,
                      numpy.uint64, ">i4", ">i8"):
            with self.subTest(dtype):
                self.assertEqual(speeds(numpy.array([0, 2, 3, 4], dtype=dtype)), self.expected)
        self.assertEqual(speeds(numpy.array([0, 9, 2, 9, 3, 9, 4, 9])[::2]), self.expected)
        with self.assertRaises(wr.RangeError):
            wr.terrain_speed_batch(numpy.array([0, 2**40]))
        with self.assertRaises(wr.InvalidError):
            wr.terrain_speed_batch(numpy.zeros(4))


if __name__ == "__main__":
    unittest.main()
