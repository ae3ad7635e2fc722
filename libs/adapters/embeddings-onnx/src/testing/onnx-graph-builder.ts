/**
 * A small helper that writes ONNX graphs node by node with `onnx-proto` (the ONNX protobuf schema for
 * JavaScript), for the test kit's models. Tensors are stored raw (little-endian), as ONNX exporters do.
 */
import { onnx } from 'onnx-proto';

const { DataType } = onnx.TensorProto;
type Attribute = number | number[];

export class OnnxGraphBuilder {
  private readonly nodes: onnx.INodeProto[] = [];
  private readonly initializers: onnx.ITensorProto[] = [];
  private counter = 0;

  /** A float initializer of `dims`. */
  floats(dims: number[], values: Float32Array): string {
    return this.tensor(
      DataType.FLOAT,
      dims,
      new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
    );
  }

  int8s(dims: number[], values: Int8Array): string {
    return this.tensor(
      DataType.INT8,
      dims,
      new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
    );
  }

  int64s(dims: number[], values: bigint[]): string {
    return this.tensor(DataType.INT64, dims, new Uint8Array(BigInt64Array.from(values).buffer));
  }

  /** Adds a node; returns its outputs' names (`outputs` of them). */
  node(opType: string, inputs: string[], attributes: Record<string, Attribute> = {}, outputs = 1): string[] {
    const names = Array.from({ length: outputs }, () => `${opType.toLowerCase()}_${this.counter++}`);
    this.nodes.push({
      opType,
      input: inputs,
      output: names,
      attribute: Object.entries(attributes).map(([name, value]) => attribute(name, value)),
    });
    return names;
  }

  /** Shorthand for a node with one output. */
  op(opType: string, inputs: string[], attributes: Record<string, Attribute> = {}): string {
    return this.node(opType, inputs, attributes)[0];
  }

  /** The serialised model: int64 inputs `[batch, sequence]`, one float output `[batch, sequence, width]`. */
  encode(inputs: string[], output: string, outputName: string): Uint8Array {
    this.nodes.push({ opType: 'Identity', input: [output], output: [outputName] });
    const dims = (names: string[]) => ({ dim: names.map((dimParam) => ({ dimParam })) });
    const graph: onnx.IGraphProto = {
      name: 'kioku-test-model',
      node: this.nodes,
      initializer: this.initializers,
      input: inputs.map((name) => ({
        name,
        type: { tensorType: { elemType: DataType.INT64, shape: dims(['batch', 'sequence']) } },
      })),
      output: [
        {
          name: outputName,
          type: { tensorType: { elemType: DataType.FLOAT, shape: dims(['batch', 'sequence', 'width']) } },
        },
      ],
    };
    const model = onnx.ModelProto.create({
      irVersion: 8,
      opsetImport: [{ domain: '', version: 17 }],
      producerName: 'kioku test kit',
      graph,
    });
    return onnx.ModelProto.encode(model).finish();
  }

  private tensor(dataType: number, dims: number[], rawData: Uint8Array): string {
    const name = `weight_${this.counter++}`;
    this.initializers.push({ name, dims, dataType, rawData: Uint8Array.from(rawData) });
    return name;
  }
}

function attribute(name: string, value: Attribute): onnx.IAttributeProto {
  const { AttributeType } = onnx.AttributeProto;
  if (Array.isArray(value)) return { name, type: AttributeType.INTS, ints: value };
  return Number.isInteger(value)
    ? { name, type: AttributeType.INT, i: value }
    : { name, type: AttributeType.FLOAT, f: value };
}
