// output-guard: turn any JavaScript value into a JSON-safe descriptor.
// Call as `(<this source>)(value, options)`; the result survives JSON.stringify and CDP
// returnByValue. Options (all optional): maxDepth (default 8), maxItems (100, as CDP's array
// indices), maxProps (100), maxEntries (100, Map/Set entries), maxStringLength (10000, as Node's
// util.inspect). Elements become {"$type":"element", tag, id, classes, rect, text}; other
// descriptors carry "$type" too: undefined, bigint, number (NaN, ±Infinity, -0), symbol,
// function, circular, date, regexp, error, node, truncated, array, nodelist, map, set, object.
(function describe(value, options) {
  const o = options || {};
  const maxDepth = o.maxDepth === undefined ? 8 : o.maxDepth;
  const maxItems = o.maxItems === undefined ? 100 : o.maxItems;
  const maxProps = o.maxProps === undefined ? 100 : o.maxProps;
  const maxEntries = o.maxEntries === undefined ? 100 : o.maxEntries;
  const maxStringLength = o.maxStringLength === undefined ? 10000 : o.maxStringLength;
  // Only ancestors count as cycles: an object reached twice along different paths is shown
  // twice, as JSON.stringify would, but never recursed into forever.
  const ancestors = [];

  function str(s) {
    return s.length > maxStringLength ? s.slice(0, maxStringLength) + '…' : s;
  }

  function className(v) {
    try {
      const proto = Object.getPrototypeOf(v);
      const ctor = proto && proto.constructor;
      return ctor && typeof ctor.name === 'string' && ctor.name ? ctor.name : 'Object';
    } catch (e) {
      return 'Object';
    }
  }

  function isElement(v) {
    return typeof v.nodeType === 'number' && v.nodeType === 1 && typeof v.tagName === 'string';
  }

  function isNode(v) {
    return typeof v.nodeType === 'number' && typeof v.nodeName === 'string';
  }

  function isNodeList(v) {
    return !Array.isArray(v) && typeof v.length === 'number' && typeof v.item === 'function';
  }

  function element(v) {
    const out = { $type: 'element', tag: String(v.tagName).toLowerCase() };
    if (typeof v.id === 'string' && v.id) out.id = v.id;
    let classes = [];
    if (v.classList && typeof v.classList.length === 'number') {
      classes = Array.from(v.classList, String);
    } else if (typeof v.className === 'string' && v.className) {
      classes = v.className.split(/\s+/).filter(Boolean);
    }
    if (classes.length) out.classes = classes.slice(0, maxItems);
    if (typeof v.getBoundingClientRect === 'function') {
      try {
        const r = v.getBoundingClientRect();
        out.rect = { x: finite(r.x), y: finite(r.y), width: finite(r.width), height: finite(r.height) };
      } catch (e) {
        // A detached or exotic element: the rest of the descriptor is still useful.
      }
    }
    const text = typeof v.innerText === 'string' ? v.innerText : v.textContent;
    if (typeof text === 'string' && text.trim()) out.text = str(text.trim().replace(/\s+/g, ' '));
    return out;
  }

  function finite(n) {
    return typeof n === 'number' && isFinite(n) ? n : 0;
  }

  function walk(v, depth) {
    switch (typeof v) {
      case 'undefined':
        return { $type: 'undefined' };
      case 'boolean':
        return v;
      case 'string':
        return str(v);
      case 'number':
        if (Object.is(v, -0)) return { $type: 'number', value: '-0' };
        return isFinite(v) ? v : { $type: 'number', value: String(v) };
      case 'bigint':
        return { $type: 'bigint', value: v.toString() };
      case 'symbol':
        return { $type: 'symbol', description: str(v.description || '') };
      case 'function':
        return { $type: 'function', name: str(v.name || '') };
    }
    if (v === null) return null;
    if (ancestors.indexOf(v) !== -1) return { $type: 'circular' };
    try {
      if (isElement(v)) return element(v);
      if (isNode(v)) {
        const out = { $type: 'node', nodeName: String(v.nodeName) };
        if (typeof v.textContent === 'string' && v.textContent.trim()) out.text = str(v.textContent.trim());
        return out;
      }
      if (v instanceof Date) {
        return { $type: 'date', value: isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString() };
      }
      if (v instanceof RegExp) return { $type: 'regexp', source: v.source, flags: v.flags };
      if (v instanceof Error) return { $type: 'error', name: String(v.name), message: str(String(v.message)) };
      const size = v instanceof Map || v instanceof Set ? v.size
        : Array.isArray(v) || isNodeList(v) ? v.length
        : Object.keys(v).length;
      if (depth >= maxDepth) return { $type: 'truncated', className: className(v), size: size };
      ancestors.push(v);
      try {
        return container(v, depth, size);
      } finally {
        ancestors.pop();
      }
    } catch (e) {
      // Getters and proxies may throw; describe the failure instead of failing the whole call.
      return { $type: 'error', name: 'DescribeError', message: str(String(e && e.message)) };
    }
  }

  function container(v, depth, size) {
    if (v instanceof Map) {
      const entries = [];
      for (const [k, val] of v) {
        if (entries.length >= maxEntries) break;
        entries.push([walk(k, depth + 1), walk(val, depth + 1)]);
      }
      return { $type: 'map', size: size, entries: entries };
    }
    if (v instanceof Set) {
      const items = [];
      for (const val of v) {
        if (items.length >= maxEntries) break;
        items.push(walk(val, depth + 1));
      }
      return { $type: 'set', size: size, items: items };
    }
    if (Array.isArray(v) || isNodeList(v)) {
      const items = [];
      for (let i = 0; i < Math.min(size, maxItems); i++) items.push(walk(v[i], depth + 1));
      if (Array.isArray(v) && size <= maxItems) return items;
      const out = { $type: Array.isArray(v) ? 'array' : 'nodelist', size: size, items: items };
      if (!Array.isArray(v)) out.className = className(v);
      return out;
    }
    const props = {};
    let count = 0;
    for (const key of Object.keys(v)) {
      if (count >= maxProps) break;
      props[key] = walk(v[key], depth + 1);
      count++;
    }
    // Plain objects stay plain unless something must be said: cut keys, or an own "$type"
    // key that would otherwise read as a descriptor.
    if (size <= maxProps && !Object.prototype.hasOwnProperty.call(v, '$type')) return props;
    return { $type: 'object', className: className(v), size: size, props: props };
  }

  return walk(value, 0);
})
