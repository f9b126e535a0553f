import { z } from 'zod';

/**
 * An embedding's values, checked in place: the array JSON parsing built is kept as it is (8 bytes a value), where
 * `z.array(z.number())` copies it into an array of boxed numbers (~24 bytes a value: a 1,536-value vector took 37 KB).
 */
export const numberVector = () => z.custom<number[]>((value) => Array.isArray(value) && value.every((item) => typeof item === 'number'), { error: 'must be an array of numbers' });
