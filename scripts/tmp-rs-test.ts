import { fileRangeStream } from '#app/server/storage/streams.server.ts'
import { writeReadableStreamToWritable } from '@react-router/node'
import { Writable } from 'node:stream'
import { writeFileSync } from 'node:fs'
const path = '/tmp/rs-test.bin'
writeFileSync(path, Buffer.alloc(300 * 1024 * 1024, 7))
const rss = () => Math.round(process.memoryUsage().rss / 1048576)
const mode = process.argv[2]
console.log('start', rss())
let peak = 0
const t = setInterval(() => (peak = Math.max(peak, rss())), 20)
const sink = new Writable({ highWaterMark: 64 * 1024, write(chunk, _e, cb) { setImmediate(cb) } })
const stream = await fileRangeStream(path, 0, 300 * 1024 * 1024 - 1)
if (mode === 'response') await writeReadableStreamToWritable(new Response(stream).body!, sink)
else await writeReadableStreamToWritable(stream, sink)
clearInterval(t)
console.log('peak', peak, 'ext', Math.round(process.memoryUsage().arrayBuffers / 1048576))
