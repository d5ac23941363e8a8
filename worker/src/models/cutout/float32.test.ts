import onnxProto from 'onnx-proto';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { halfToFloat, toFloat32 } from './float32';

const { onnx } = onnxProto;
const FLOAT = 1;
const FLOAT16 = 10;

/** Half-float bits of small numbers that are exact in binary16. */
const HALF: Record<number, number> = { 0.5: 0x3800, 1: 0x3c00, 1.5: 0x3e00, [-2]: 0xc000 };
const halves = (values: number[]) => {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => bytes.writeUInt16LE(HALF[v]!, i * 2));
  return bytes;
};
const value = (name: string, elemType: number) => ({ name, type: { tensorType: { elemType, shape: { dim: [{ dimValue: 1 }, { dimValue: 4 }] } } } });

/**
 * A model shaped like the cut-out's: float input cast to half floats, half-float weights (an
 * initializer and a Constant node), the result cast back to floats, and a side output.
 */
function halfModel(): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 15 }],
    graph: {
      name: 'half',
      input: [value('x', FLOAT)],
      output: [value('y', FLOAT), value('side', FLOAT16)],
      initializer: [{ name: 'w', dims: [1, 4], dataType: FLOAT16, rawData: halves([0.5, 1, 1.5, -2]) }],
      node: [
        { opType: 'Cast', input: ['x'], output: ['xh'], attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT16 }] },
        { opType: 'Constant', output: ['c'], attribute: [{ name: 'value', type: onnx.AttributeProto.AttributeType.TENSOR, t: { dims: [1, 4], dataType: FLOAT16, int32Data: [0x3c00, 0x3c00, 0x3c00, 0x3c00] } }] },
        { opType: 'Mul', input: ['xh', 'w'], output: ['m'] },
        { opType: 'Add', input: ['m', 'c'], output: ['side'] },
        { opType: 'Cast', input: ['side'], output: ['y'], attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: FLOAT }] },
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

const run = async (bytes: Uint8Array) => {
  const session = await ort.InferenceSession.create(bytes);
  const out = await session.run({ x: new ort.Tensor('float32', Float32Array.from([2, 4, -2, 0.5]), [1, 4]) }, ['y']);
  return { y: [...(out.y!.data as Float32Array)], outputs: session.outputNames };
};

describe('toFloat32', () => {
  it('computes what the half-float model computes, in floats only, with only the outputs asked for', async () => {
    const before = await run(halfModel());
    const converted = toFloat32(halfModel(), ['y']);
    const after = await run(converted);
    // x·w + 1: [2·0.5, 4·1, −2·1.5, 0.5·−2] + 1
    expect(before.y).toEqual([2, 5, -2, 0]);
    expect(after.y).toEqual(before.y);
    expect(before.outputs).toEqual(['y', 'side']);
    expect(after.outputs).toEqual(['y']);

    const graph = onnx.ModelProto.decode(converted).graph!;
    expect(graph.initializer!.map((t) => t.dataType)).toEqual([FLOAT]);
    expect(graph.node!.flatMap((n) => n.attribute!.filter((a) => a.t).map((a) => a.t!.dataType))).toEqual([FLOAT]);
    expect(graph.node!.filter((n) => n.opType === 'Cast').map((n) => Number(n.attribute![0]!.i))).toEqual([FLOAT, FLOAT]);
  });

  it('refuses to keep an output the model does not have', () => {
    expect(() => toFloat32(halfModel(), ['mask'])).toThrow(/no output named mask/);
  });

  it('reads half floats as IEEE 754 binary16', () => {
    expect([halfToFloat(0x3c00), halfToFloat(0xc000), halfToFloat(0x3555), halfToFloat(0x0001), halfToFloat(0x7c00), halfToFloat(0xfc00)]).toEqual([1, -2, 0.333251953125, 2 ** -24, Infinity, -Infinity]);
    expect(halfToFloat(0x7e00)).toBeNaN();
  });
});
