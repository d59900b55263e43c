import * as echarts from 'echarts';
const c = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 400, height: 200 });
c.setOption({ animation: false, xAxis: { type: 'category', data: ['a', 'b'] }, yAxis: {}, series: [{ type: 'bar', data: [1, 2] }] });
console.log(c.renderToSVGString().slice(0, 300));
