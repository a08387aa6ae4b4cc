import type { DataTableProps } from './data-table.schema.ts'

/** Key–value rows under two headings (by default "Name" and "Value"). */
export default function DataTable({ keyHeading, valueHeading, caption, rows }: DataTableProps) {
	return (
		<div className="not-prose my-6 overflow-x-auto rounded-lg border border-line" data-data-table="">
			<table className="w-full border-collapse text-left text-[0.95rem]">
				{caption ? <caption className="border-b border-line bg-raised px-3 py-2 text-left font-semibold">{caption}</caption> : null}
				<thead>
					<tr className="bg-sunken">
						<th scope="col" className="w-1/3 border-b-2 border-line bg-sunken px-3 py-2 font-semibold">
							{keyHeading}
						</th>
						<th scope="col" className="border-b-2 border-line bg-sunken px-3 py-2 font-semibold">
							{valueHeading}
						</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row, index) => (
						<tr key={index} className="border-b border-line last:border-b-0 even:bg-raised/60">
							<th scope="row" className="border-0 bg-transparent px-3 py-2 align-top font-semibold">
								{row.key}
							</th>
							<td className="border-0 px-3 py-2 align-top">{row.value}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
